import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { usePublicReads } from './public-reads';
import { appQueryClient } from './query-client';

/**
 * A part that reads with TanStack Query inside a public page (a creator's apply panel on /campaign/:id), loaded lazily
 * with Query itself: it gets the browser's one QueryClient, made from the public pages' store (decision 0044).
 */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={appQueryClient(usePublicReads())}>
        <Component {...props} />
      </QueryClientProvider>
    );
  };
}
