import { lazy, type ReactNode, Suspense } from 'react';
import { TopBar } from './top-bar';

// Below the page: not part of the JavaScript / needs before it is interactive (issue 44). The fetch starts with this
// module; the server render waits for it, so the footer is in the HTML all the same.
const footer = import('../components/site-footer');
const SiteFooter = lazy(() => footer.then((m) => ({ default: m.SiteFooter })));

/** The public pages' frame: skip link, fixed top bar, the page, the dark footer (no React Router: see main.tsx). */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col overflow-x-clip">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-mint-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
