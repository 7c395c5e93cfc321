import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Scrolls to the element of a #hash, waiting a little for it to render (lazy pages, loading sections). */
function scrollToHash(hash: string, smooth: boolean): () => void {
  const id = decodeURIComponent(hash.slice(1));
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target.scrollIntoView({ behavior: smooth && !reduce ? 'smooth' : 'auto', block: 'start' });
      return;
    }
    if (tries++ < 60) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/** Wraps every page: scrolls to the top on navigation, or to the #section a link names. */
export function RootLayout() {
  const { pathname, hash, key } = useLocation();
  const lastPath = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is the effect of a navigation (key)
  useEffect(() => {
    const samePage = lastPath.current === pathname;
    const firstRender = lastPath.current === null;
    lastPath.current = pathname;
    if (hash) return scrollToHash(hash, samePage && !firstRender);
    if (!samePage) window.scrollTo(0, 0);
  }, [pathname, hash, key]);
  return <Outlet />;
}
