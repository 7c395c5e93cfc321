import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
import { PublicApp } from './public-app';

interface AppRootProps {
  queryClient: QueryClient;
  /** The page's path and query on the server; the browser reads its own location. */
  url?: string | undefined;
  /** React Router and every other page (lazy, browser only): what a page other than / and /campaign/:id needs. */
  fullApp?: ComponentType | undefined;
}

/**
 * The whole tree of the web app, the same on the server (server-entry.tsx renders / and /campaign/:id) and in the
 * browser (main.tsx hydrates it), so the HTML the server wrote is the HTML React expects.
 */
export function AppRoot({ queryClient, url, fullApp }: AppRootProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App url={url} fullApp={fullApp} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>
  );
}

function App({ url, fullApp: FullApp }: Omit<AppRootProps, 'queryClient'>) {
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
