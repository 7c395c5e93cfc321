import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * The frame of a site page: the "Skip to content" link (shown when focused), the header, the page itself (the
 * `main` the link goes to) and the footer. The public pages' SiteShell and the signed-in creator's layout use it.
 */
export function PageFrame({
  header,
  footer,
  className,
  children,
}: {
  header: ReactNode;
  footer: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex min-h-screen flex-col overflow-x-clip', className)}>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-mint-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {header}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {footer}
    </div>
  );
}
