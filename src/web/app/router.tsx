import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { RequireAdmin, RequireCreator } from './guards';
import { HomeRoute } from './home-route';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { SiteShell } from './site-shell';

/**
 * Loads a page's code only when the page is opened: each gets a chunk of its own, outside the JavaScript that `/`
 * loads. Use it for every route that is not on the public path (account, onboarding, dashboard, admin), e.g.
 *   { path: '/admin/campaigns', lazy: lazyPage(() => import('../features/admin/campaigns-page'), 'CampaignsPage') }
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

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    HydrateFallback: PageSpinner,
    children: [
      // Public pages: on a first load they run without this router (app/public-app.tsx, decision 0012).
      { path: '/', element: <HomeRoute /> },
      {
        path: '/campaign/:id',
        lazy: lazyPage(() => import('../features/campaigns/campaign-page'), 'CampaignPage'),
      },
      // Public pages in the site frame (top bar and footer), loaded on demand.
      {
        element: <SiteShellLayout />,
        children: [
          { path: '/terms', lazy: lazyPage(() => import('../features/legal/terms-page'), 'TermsPage') },
          { path: '/privacy', lazy: lazyPage(() => import('../features/legal/privacy-page'), 'PrivacyPage') },
          {
            path: '/account-closed',
            lazy: lazyPage(() => import('../features/legal/account-closed-page'), 'AccountClosedPage'),
          },
        ],
      },
      // Account pages, each loaded on demand.
      { path: '/signin', lazy: lazyPage(() => import('../features/auth/sign-in-page'), 'SignInPage') },
      { path: '/signup', lazy: lazyPage(() => import('../features/auth/sign-up-page'), 'SignUpPage') },
      {
        path: '/forgot-password',
        lazy: lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
      },
      {
        path: '/reset-password',
        lazy: lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        path: '/auth/callback',
        lazy: lazyPage(() => import('../features/auth/auth-callback-page'), 'AuthCallbackPage'),
      },
      {
        path: '/admin',
        lazy: lazyPage(() => import('../features/admin/admin-sign-in-page'), 'AdminSignInPage'),
      },
      // Onboarding: a creator session, verified or not (READINGS "Access").
      {
        element: <RequireCreator onboarding />,
        children: [
          {
            path: '/email-verification',
            lazy: lazyPage(
              () => import('../features/onboarding/email-verification-page'),
              'EmailVerificationPage',
            ),
          },
          {
            path: '/profile-setup',
            lazy: lazyPage(() => import('../features/onboarding/profile-setup-page'), 'ProfileSetupPage'),
          },
        ],
      },
      // Creator pages: one signed-in header (app/creator-layout.tsx), the layout a chunk of its own.
      {
        element: <RequireCreator />,
        children: [
          {
            lazy: lazyPage(() => import('./creator-layout'), 'CreatorLayout'),
            children: [
              {
                path: '/main',
                lazy: lazyPage(() => import('../features/campaigns/creator-home-page'), 'CreatorHomePage'),
              },
              {
                path: '/dashboard',
                lazy: lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage'),
              },
              {
                path: '/profile',
                lazy: lazyPage(() => import('../features/onboarding/profile-page'), 'ProfilePage'),
              },
              {
                path: '/data-export/:token',
                lazy: lazyPage(() => import('../features/onboarding/data-export-page'), 'DataExportPage'),
              },
            ],
          },
        ],
      },
      // The second-factor enrolment of an admin (issue 22): outside the admin frame, whose calls it would refuse.
      {
        element: <RequireAdmin enrolment />,
        children: [
          {
            path: '/admin/two-factor',
            lazy: lazyPage(() => import('../features/admin/two-factor-page'), 'TwoFactorPage'),
          },
        ],
      },
      // Admin pages: the layout and every page are chunks of their own.
      {
        element: <RequireAdmin />,
        children: [
          {
            lazy: lazyPage(() => import('../features/admin/components/admin-layout'), 'AdminLayout'),
            children: [
              {
                path: '/admin/campaigns',
                lazy: lazyPage(() => import('../features/admin/campaigns-page'), 'CampaignsPage'),
              },
              {
                path: '/admin/campaigns/:id',
                lazy: lazyPage(() => import('../features/admin/campaign-review-page'), 'CampaignReviewPage'),
              },
              {
                path: '/admin/details/:id',
                lazy: lazyPage(
                  () => import('../features/admin/campaign-details-page'),
                  'CampaignDetailsPage',
                ),
              },
              {
                path: '/admin/analytics',
                lazy: lazyPage(() => import('../features/admin/analytics-page'), 'AnalyticsPage'),
              },
              {
                path: '/admin/payments',
                lazy: lazyPage(() => import('../features/admin/payments-page'), 'PaymentsPage'),
              },
              {
                path: '/admin/influencers',
                lazy: lazyPage(() => import('../features/admin/influencers-page'), 'InfluencersPage'),
              },
              {
                path: '/admin/messages',
                lazy: lazyPage(() => import('../features/admin/messages-page'), 'MessagesPage'),
              },
              {
                path: '/admin/problems',
                lazy: lazyPage(() => import('../features/admin/problems-page'), 'ProblemsPage'),
              },
              {
                path: '/admin/influencers/:id',
                lazy: lazyPage(() => import('../features/admin/creator-page'), 'CreatorPage'),
              },
              {
                path: '/admin/settings',
                lazy: lazyPage(() => import('../features/admin/settings-page'), 'SettingsPage'),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
