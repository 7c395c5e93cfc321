import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, startTransition, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './app/public-app';
import { PageSpinner } from './components/page-spinner';
import { Toaster } from './components/ui/toast';
import { matchPublicPath } from './lib/navigation';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();

// React Router and every other page load only when a page other than / and /campaign/:id is opened (decision 0012).
const FullApp = lazy(() => import('./app/full-app').then((m) => ({ default: m.FullApp })));

function App() {
  const [full, setFull] = useState(() => !matchPublicPath(window.location.pathname));
  const leavePublicPages = useCallback(() => startTransition(() => setFull(true)), []);
  if (!full) return <PublicApp onLeave={leavePublicPages} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <FullApp />
    </Suspense>
  );
}

const root = createRoot(document.getElementById('root')!);
// The first render is a transition, so React renders in short slices and the page answers input sooner.
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
});
