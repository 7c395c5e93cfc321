/** Every page of the single-page app. The server answers 404 for any other path (the app shows its 404 page). */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/main',
  '/dashboard',
  '/campaign/:id',
  '/signin',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/auth/callback',
  '/email-verification',
  '/profile-setup',
  '/profile',
  '/terms',
  '/privacy',
  '/admin',
  '/admin/campaigns',
  '/admin/campaigns/:id',
  '/admin/details/:id',
  '/admin/analytics',
  '/admin/payments',
  '/admin/influencers',
  '/admin/settings',
] as const;

const compiled = APP_ROUTE_PATTERNS.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
);

export function isAppRoute(pathname: string): boolean {
  return compiled.some((re) => re.test(pathname));
}

export const campaignPath = (id: number | string) => `/campaign/${id}`;
