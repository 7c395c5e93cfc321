import type { ReactNode } from 'react';
import { LazySiteFooter } from '../components/lazy-site-footer';
import { PageFrame } from '../components/page-frame';
import { TopBar } from './top-bar';

/** The public pages' frame: skip link, fixed top bar, the page, the dark footer (no React Router: see main.tsx). */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <PageFrame header={<TopBar />} footer={<LazySiteFooter />}>
      {children}
    </PageFrame>
  );
}
