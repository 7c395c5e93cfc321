import { lazy, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { bootData, seedQueryClient } from './lib/boot-data';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();
// The data the server wrote into the page (and rendered with): no second request for it, and the same first render.
seedQueryClient(queryClient, bootData());

// React Router and every other page load only when a page other than / and /campaign/:id is opened (decision 0012).
const FullApp = lazy(() => import('./app/full-app').then((m) => ({ default: m.FullApp })));

const container = document.getElementById('root')!;
const app = <AppRoot queryClient={queryClient} fullApp={FullApp} />;
// The first render (or hydration) is a transition, so React works in short slices and the page answers input sooner.
if (container.firstElementChild) {
  // / and /campaign/:id arrive rendered by the server (decision 0018): React takes over the same HTML.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  startTransition(() => createRoot(container).render(app));
}
