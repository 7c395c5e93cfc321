import { useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import {
  matchPublicPath,
  type Navigation,
  NavigationContext,
  useScrollOnNavigation,
} from '../lib/navigation';

/**
 * Wraps every page of the full app: scrolls to the top on navigation, or to the #section a link names, and gives
 * the public pages' components (lib/navigation.tsx) React Router's location and navigate.
 */
export function RootLayout() {
  const location = useLocation();
  const routerNavigate = useNavigate();
  useScrollOnNavigation(location);
  const navigation = useMemo<Navigation>(
    () => ({
      location,
      navigate: (to, options) => {
        if (typeof to === 'number') void routerNavigate(to);
        else void routerNavigate(to, options);
      },
      params: matchPublicPath(location.pathname)?.params ?? {},
    }),
    [location, routerNavigate],
  );
  return (
    <NavigationContext.Provider value={navigation}>
      <Outlet />
    </NavigationContext.Provider>
  );
}
