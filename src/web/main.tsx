import { lazy, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { bootData, seedPublicReads } from './lib/boot-data';
import { PublicReads } from './lib/public-reads';
import './styles.css';

// The data the server wrote into the page (and rendered with): no second request for it, and the same first render.
// TanStack Query loads with the full app, which takes this store's data over (decision 0044).
const reads = seedPublicReads(new PublicReads(), bootData());

// React Router and every other page load only when a page other than / and /campaign/:id is opened (decision 0012).
const FullApp = lazy(() => import('./app/full-app').then((m) => ({ default: m.FullApp })));

const container = document.getElementById('root')!;
const app = <AppRoot reads={reads} fullApp={FullApp} />;
// The first render (or hydration) is a transition, so React works in short slices and the page answers input sooner.
if (container.firstElementChild) {
  // / and /campaign/:id arrive rendered by the server (decision 0018): React takes over the same HTML.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  startTransition(() => createRoot(container).render(app));
}
