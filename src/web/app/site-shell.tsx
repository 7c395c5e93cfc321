import type { ReactNode } from 'react';
import { LazySiteFooter } from '../components/lazy-site-footer';
import { TopBar } from './top-bar';

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
      <LazySiteFooter />
    </div>
  );
}
