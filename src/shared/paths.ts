import { matchAppPage } from './pages';

/** Whether a path is a page of the app (the list is `APP_PAGES` in src/shared/pages.ts); the server answers 404 otherwise. */
export function isAppRoute(pathname: string): boolean {
  return matchAppPage(pathname) !== null;
}

export const campaignPath = (id: number | string) => `/campaign/${id}`;
