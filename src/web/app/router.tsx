import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { type AppPagePath, type PageAccess, pagesOf } from '../../shared/pages';
import { PageSpinner } from '../components/page-spinner';
import { RequireAdmin, RequireCreator } from './guards';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { SiteShell } from './site-shell';

/**
 * Loads a page's code only when the page is opened: each gets a chunk of its own, outside the JavaScript that `/`
 * loads. Use it for every route that is not on the public path (account, onboarding, dashboard, admin), e.g.
 *   { path: '/admin/campaigns', lazy: lazyPage(() => import('../features/admin-campaigns/campaigns-page'), 'CampaignsPage') }
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load())[name] });
}

/** The site frame around a nested route. */
function SiteShellLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/**
 * The component of every page of the list (src/shared/pages.ts): the list says which paths exist, who sees them and
 * in which frame; this says what each shows. A page in the list without a component here does not compile.
 */
const PAGE_COMPONENTS: Record<AppPagePath, Pick<RouteObject, 'lazy' | 'element'>> = {
  // Public pages: on a first load / and /campaign/:id run without this router (app/public-app.tsx, decision 0012).
  '/': { lazy: lazyPage(() => import('./home-route'), 'HomeRoute') },
  '/campaign/:id': { lazy: lazyPage(() => import('../features/campaigns/campaign-page'), 'CampaignPage') },
  '/terms': { lazy: lazyPage(() => import('../features/legal/terms-page'), 'TermsPage') },
  '/privacy': { lazy: lazyPage(() => import('../features/legal/privacy-page'), 'PrivacyPage') },
  '/account-closed': {
    lazy: lazyPage(() => import('../features/legal/account-closed-page'), 'AccountClosedPage'),
  },
  '/signin': { lazy: lazyPage(() => import('../features/auth/sign-in-page'), 'SignInPage') },
  '/signup': { lazy: lazyPage(() => import('../features/auth/sign-up-page'), 'SignUpPage') },
  '/forgot-password': {
    lazy: lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
  },
  '/reset-password': {
    lazy: lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
  },
  '/auth/callback': {
    lazy: lazyPage(() => import('../features/auth/auth-callback-page'), 'AuthCallbackPage'),
  },
  '/admin': {
    lazy: lazyPage(() => import('../features/admin-sign-in/admin-sign-in-page'), 'AdminSignInPage'),
  },
  '/team-invitation/:token': {
    lazy: lazyPage(() => import('../features/admin-settings/team-invitation-page'), 'TeamInvitationPage'),
  },
  '/email-verification': {
    lazy: lazyPage(() => import('../features/onboarding/email-verification-page'), 'EmailVerificationPage'),
  },
  '/profile-setup': {
    lazy: lazyPage(() => import('../features/onboarding/profile-setup-page'), 'ProfileSetupPage'),
  },
  '/main': { lazy: lazyPage(() => import('../features/campaigns/creator-home-page'), 'CreatorHomePage') },
  '/dashboard': { lazy: lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage') },
  '/profile': { lazy: lazyPage(() => import('../features/onboarding/profile-page'), 'ProfilePage') },
  '/data-export/:token': {
    lazy: lazyPage(() => import('../features/onboarding/data-export-page'), 'DataExportPage'),
  },
  '/admin/two-factor': {
    lazy: lazyPage(() => import('../features/admin-sign-in/two-factor-page'), 'TwoFactorPage'),
  },
  '/admin/campaigns': {
    lazy: lazyPage(() => import('../features/admin-campaigns/campaigns-page'), 'CampaignsPage'),
  },
  '/admin/campaigns/:id': {
    lazy: lazyPage(() => import('../features/admin-review/campaign-review-page'), 'CampaignReviewPage'),
  },
  '/admin/details/:id': {
    lazy: lazyPage(() => import('../features/admin-analytics/campaign-details-page'), 'CampaignDetailsPage'),
  },
  '/admin/analytics': {
    lazy: lazyPage(() => import('../features/admin-analytics/analytics-page'), 'AnalyticsPage'),
  },
  '/admin/payments': {
    lazy: lazyPage(() => import('../features/admin-payments/payments-page'), 'PaymentsPage'),
  },
  '/admin/influencers': {
    lazy: lazyPage(() => import('../features/admin-creators/creators-page'), 'CreatorsPage'),
  },
  '/admin/influencers/:id': {
    lazy: lazyPage(() => import('../features/admin-creators/creator-page'), 'CreatorPage'),
  },
  '/admin/messages': {
    lazy: lazyPage(() => import('../features/admin-messages/messages-page'), 'MessagesPage'),
  },
  '/admin/problems': {
    lazy: lazyPage(() => import('../features/admin-problems/problems-page'), 'ProblemsPage'),
  },
  '/admin/settings': {
    lazy: lazyPage(() => import('../features/admin-settings/settings-page'), 'SettingsPage'),
  },
};

/** The routes of the pages of one access (and frame), from the list. */
const routesOf = (access: PageAccess, frame?: 'site'): RouteObject[] =>
  pagesOf(access, frame).map((path) => ({ path, ...PAGE_COMPONENTS[path] }));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    HydrateFallback: PageSpinner,
    children: [
      ...routesOf('public'),
      // Public pages in the site frame (top bar and footer), loaded on demand.
      { element: <SiteShellLayout />, children: routesOf('public', 'site') },
      // Onboarding: a creator session, verified or not (READINGS "Access").
      { element: <RequireCreator onboarding />, children: routesOf('onboarding') },
      // Creator pages: one signed-in header (app/creator-layout.tsx), the layout a chunk of its own.
      {
        element: <RequireCreator />,
        children: [
          {
            lazy: lazyPage(() => import('./creator-layout'), 'CreatorLayout'),
            children: routesOf('creator'),
          },
        ],
      },
      // The second-factor enrolment of an admin (issue 22): outside the admin frame, whose calls it would refuse.
      { element: <RequireAdmin enrolment />, children: routesOf('admin-enrolment') },
      // Admin pages: the layout and every page are chunks of their own.
      {
        element: <RequireAdmin />,
        children: [
          {
            lazy: lazyPage(() => import('../components/admin/admin-layout'), 'AdminLayout'),
            children: routesOf('admin'),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
