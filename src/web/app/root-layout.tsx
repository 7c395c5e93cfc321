import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Wraps every page: scrolls to the top on navigation. */
export function RootLayout() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is the effect of a path change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}
