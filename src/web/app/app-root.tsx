import {
  type ComponentType,
  StrictMode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useState,
} from 'react';
import { PageSpinner } from '../components/page-spinner';
import { Toaster } from '../components/ui/toaster';
import { matchPublicPath } from '../lib/navigation';
import { publicReaders } from '../lib/public-readers';
import { type PublicReads, PublicReadsContext } from '../lib/public-reads';
import { ReadersContext } from '../lib/readers';
import { PublicApp } from './public-app';

interface AppRootProps {
  /** What the public pages read (session, configuration, catalogue), without TanStack Query (decision 0044). */
  reads: PublicReads;
  /** The page's path and query on the server; the browser reads its own location. */
  url?: string | undefined;
  /** React Router and every other page (lazy, browser only): what a page other than / and /campaign/:id needs. */
  fullApp?: ComponentType | undefined;
}

/**
 * The whole tree of the web app, the same on the server (server-entry.tsx renders / and /campaign/:id) and in the
 * browser (main.tsx hydrates it), so the HTML the server wrote is the HTML React expects.
 */
export function AppRoot({ reads, url, fullApp }: AppRootProps) {
  return (
    <StrictMode>
      <PublicReadsContext.Provider value={reads}>
        <ReadersContext.Provider value={publicReaders}>
          <App url={url} fullApp={fullApp} />
          <Toaster />
        </ReadersContext.Provider>
      </PublicReadsContext.Provider>
    </StrictMode>
  );
}

function App({ url, fullApp: FullApp }: Omit<AppRootProps, 'reads'>) {
  // `<html data-app-ready>`: React runs the page (a server-rendered page has hydrated); browser tests wait for it.
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  const [full, setFull] = useState(
    () => !matchPublicPath(url ? new URL(url, 'http://localhost').pathname : window.location.pathname),
  );
  const leavePublicPages = useCallback(() => startTransition(() => setFull(true)), []);
  if (!full || !FullApp) return <PublicApp onLeave={leavePublicPages} url={url} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <FullApp />
    </Suspense>
  );
}
