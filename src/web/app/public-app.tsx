import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { PageSpinner } from '../components/page-spinner';
import {
  type AppLocation,
  hrefOf,
  matchPublicPath,
  type NavigateOptions,
  type Navigation,
  NavigationContext,
  type To,
  useScrollOnNavigation,
} from '../lib/navigation';

/** The history entry's state in React Router's shape, so the full app takes over the same history. */
interface HistoryState {
  usr: unknown;
  key: string;
  idx: number;
}

// Not part of what / loads: the campaign page's code comes with its first visit (the server preloads it on
// /campaign/:id, see web-meta.ts).
const CampaignPage = lazy(() =>
  import('../features/campaigns/campaign-page').then((m) => ({ default: m.CampaignPage })),
);

const HomeRoute = lazy(() => import('./home-route').then((m) => ({ default: m.HomeRoute })));

const randomKey = () => Math.random().toString(36).slice(2, 10);

function currentLocation(url?: string): AppLocation {
  if (url !== undefined) {
    // The server render: the request's path and query.
    const { pathname, search, hash } = new URL(url, 'http://localhost');
    return { pathname, search, hash, key: 'default' };
  }
  const state = window.history.state as Partial<HistoryState> | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, key: state?.key ?? 'default' };
}

/**
 * The first load of a public page (/ or /campaign/:id) without React Router: a history listener and two pages.
 * A navigation to any other page hands over to the full app (`onLeave`), which loads then and reads the URL.
 */
export function PublicApp({ onLeave, url }: { onLeave: () => void; url?: string | undefined }) {
  const [location, setLocation] = useState(() => currentLocation(url));

  useEffect(() => {
    const state = window.history.state as Partial<HistoryState> | null;
    if (typeof state?.idx !== 'number') {
      // The location in state keeps its key until the next navigation: an update now would reach the page's
      // lazy parts (the campaign page, the landing sections) before they hydrate, and React would drop their
      // server-rendered HTML and draw them again (decision 0018).
      window.history.replaceState({ usr: null, key: randomKey(), idx: 0 }, '');
    }
    const onPop = () => {
      if (matchPublicPath(window.location.pathname)) setLocation(currentLocation());
      else onLeave();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [onLeave]);

  const navigate = useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number') {
        window.history.go(to);
        return;
      }
      const url = new URL(hrefOf(to), window.location.href);
      const index = (window.history.state as Partial<HistoryState> | null)?.idx ?? 0;
      const state: HistoryState = { usr: null, key: randomKey(), idx: options?.replace ? index : index + 1 };
      if (options?.replace) window.history.replaceState(state, '', url);
      else window.history.pushState(state, '', url);
      if (matchPublicPath(url.pathname)) setLocation(currentLocation());
      else onLeave();
    },
    [onLeave],
  );

  const match = matchPublicPath(location.pathname);
  const navigation = useMemo<Navigation>(
    () => ({ location, navigate, params: match?.params ?? {} }),
    [location, navigate, match?.params],
  );
  useScrollOnNavigation(location);

  return (
    <NavigationContext.Provider value={navigation}>
      {match?.page === 'campaign' ? (
        <Suspense fallback={<PageSpinner />}>
          <CampaignPage />
        </Suspense>
      ) : (
        <Suspense fallback={<PageSpinner />}>
          <HomeRoute />
        </Suspense>
      )}
    </NavigationContext.Provider>
  );
}
