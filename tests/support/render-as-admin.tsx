import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { AdminRole } from '../../src/shared/admin-permissions';
import { publicKeys } from '../../src/web/lib/query-keys';
import { queryReaders } from '../../src/web/lib/query-readers';
import { ReadersContext } from '../../src/web/lib/readers';

/** The visible text of rendered HTML, tags removed and spaces collapsed. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Renders `element` for a signed-in admin of `role` (issue 39: each admin part shows only what the role may do), with
 * `seed` already in the cache so no request is made.
 */
export function renderAsAdmin(
  role: AdminRole,
  element: ReactElement,
  seed: [readonly unknown[], unknown][] = [],
): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(publicKeys.session, {
    user: {
      id: 'u1',
      name: 'Team member',
      email: 'member@mintbox.test',
      image: null,
      role: 'admin',
      adminRole: role,
      creator: null,
      twoFactor: { enabled: true, required: false, enrolmentRequired: false },
    },
  });
  for (const [key, data] of seed) client.setQueryData(key, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ReadersContext.Provider value={queryReaders}>
        <MemoryRouter>{element}</MemoryRouter>
      </ReadersContext.Provider>
    </QueryClientProvider>,
  );
}
