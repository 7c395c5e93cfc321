/**
 * Every page of the app, in one list (issue 40): the router builds its routes from it (src/web/app/router.tsx,
 * which also names each page's component) and the server answers 200 for these paths and 404 for any other
 * (src/server/pages/web.ts). Adding a page is one entry here, and its component in the router's PAGE_COMPONENTS (the
 * compiler asks for it).
 *
 * - `access`: who sees the page. `public`: anyone. `onboarding`: a creator session, verified or not.
 *   `creator`: a creator session (in the creator frame). `admin`: an admin session (in the admin frame).
 *   `admin-enrolment`: an admin who still has to enrol a second factor (outside the admin frame). A signed-out
 *   visitor to a private page gets the page (200) and the browser's guard sends them to sign in.
 * - `frame: 'site'`: a public page inside the site's top bar and footer.
 * - `record`: the page shows one record named by `:id` or `:token`; when that record does not exist the server
 *   answers 404 (admin records are looked up only for a signed-in admin: anyone else gets the page, and the guard).
 */
export type PageAccess = 'public' | 'onboarding' | 'creator' | 'admin-enrolment' | 'admin';
export type PageRecord = 'campaign' | 'admin-campaign' | 'creator' | 'data-export';

export interface AppPage {
  path: string;
  access: PageAccess;
  frame?: 'site';
  record?: PageRecord;
}

export const APP_PAGES = [
  // Public pages (/ and /campaign/:id are rendered by the server too: decision 0018).
  { path: '/', access: 'public' },
  { path: '/campaign/:id', access: 'public', record: 'campaign' },
  { path: '/terms', access: 'public', frame: 'site' },
  { path: '/privacy', access: 'public', frame: 'site' },
  { path: '/account-closed', access: 'public', frame: 'site' },
  { path: '/signin', access: 'public' },
  { path: '/signup', access: 'public' },
  { path: '/forgot-password', access: 'public' },
  { path: '/reset-password', access: 'public' },
  { path: '/auth/callback', access: 'public' },
  { path: '/admin', access: 'public' },
  // An invitation to the team (issue 39): the page says when the link is unknown (404) or used up (410).
  { path: '/team-invitation/:token', access: 'public' },
  // Onboarding: a creator session, verified or not (READINGS "Access").
  { path: '/email-verification', access: 'onboarding' },
  { path: '/profile-setup', access: 'onboarding' },
  // Creator pages.
  { path: '/main', access: 'creator' },
  { path: '/dashboard', access: 'creator' },
  { path: '/profile', access: 'creator' },
  { path: '/data-export/:token', access: 'creator', record: 'data-export' },
  // The second-factor enrolment of an admin (issue 22).
  { path: '/admin/two-factor', access: 'admin-enrolment' },
  // Admin pages.
  { path: '/admin/campaigns', access: 'admin' },
  { path: '/admin/campaigns/:id', access: 'admin', record: 'admin-campaign' },
  { path: '/admin/details/:id', access: 'admin', record: 'admin-campaign' },
  { path: '/admin/analytics', access: 'admin' },
  { path: '/admin/payments', access: 'admin' },
  { path: '/admin/influencers', access: 'admin' },
  { path: '/admin/influencers/:id', access: 'admin', record: 'creator' },
  { path: '/admin/messages', access: 'admin' },
  { path: '/admin/problems', access: 'admin' },
  { path: '/admin/settings', access: 'admin' },
] as const satisfies readonly AppPage[];

export type AppPagePath = (typeof APP_PAGES)[number]['path'];

const compiled = APP_PAGES.map((page) => ({
  page: page as AppPage,
  names: [...page.path.matchAll(/:([a-zA-Z]+)/g)].map((match) => match[1]!),
  pattern: new RegExp(`^${page.path.replace(/:[a-zA-Z]+/g, '([^/]+)')}/?$`),
}));

/** The page a path shows, with its parameters (decoded), or null: no page of the app (404). */
export function matchAppPage(pathname: string): { page: AppPage; params: Record<string, string> } | null {
  for (const { page, names, pattern } of compiled) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    try {
      const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      return { page, params };
    } catch {
      return null;
    }
  }
  return null;
}

/** The pages of one kind of access (and frame), in the list's order: what the router mounts behind one guard. */
export function pagesOf(access: PageAccess, frame?: 'site'): AppPagePath[] {
  return APP_PAGES.filter(
    (page: AppPage) => page.access === access && (page.frame ?? undefined) === frame,
  ).map((page) => page.path);
}
