import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { usePublicReads } from '../lib/public-reads';
import { appQueryClient } from '../lib/query-client';
import { queryReaders } from '../lib/query-readers';
import { ReadersContext } from '../lib/readers';
import { router } from './router';

/**
 * Every page, on React Router: loaded when the visitor first opens a page other than / and /campaign/:id. TanStack
 * Query comes with it, its cache made from what the public pages read (decision 0044).
 */
export function FullApp() {
  const queryClient = appQueryClient(usePublicReads());
  return (
    <QueryClientProvider client={queryClient}>
      <ReadersContext.Provider value={queryReaders}>
        <RouterProvider router={router} />
      </ReadersContext.Provider>
    </QueryClientProvider>
  );
}
