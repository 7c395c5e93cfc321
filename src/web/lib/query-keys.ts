import { PRIVATE_ROOT } from './public-query-keys';

export {
  type CampaignListFilters,
  clearPrivateData,
  PRIVATE_ROOT,
  publicKeys,
} from './public-query-keys';

/** Every TanStack Query key of the app: the public ones (`public-query-keys.ts`) and those tied to a session. */

const me = [...PRIVATE_ROOT, 'me'] as const;
const admin = [...PRIVATE_ROOT, 'admin'] as const;

export const privateKeys = {
  all: PRIVATE_ROOT,
  /** GET /api/me: the signed-in creator's record and profile. */
  me,
  /** GET /api/me/matched-campaigns. */
  matchedCampaigns: [...me, 'matched-campaigns'] as const,
  /** GET /api/me/applications. */
  applications: [...me, 'applications'] as const,
  /** GET /api/me/delivery-problems (under applications: every application change refreshes it). */
  deliveryProblems: [...me, 'applications', 'delivery-problems'] as const,
  /** GET /api/me/wallet (and its history pages below it). */
  wallet: [...me, 'wallet'] as const,
  walletHistory: [...me, 'wallet', 'history'] as const,
  /** GET /api/me/analytics: the creator's own content figures. */
  analytics: [...me, 'analytics'] as const,
  /** GET /api/me/mail-preferences. */
  mailPreferences: [...me, 'mail-preferences'] as const,
  /** GET /api/me/sessions: where the account is signed in (issue 42). */
  accountSessions: [...me, 'sessions'] as const,
  /** GET /api/me/connections/tiktok: the scopes the creator left out at the TikTok sign-in (issue 42). */
  tiktokAccess: [...me, 'tiktok-access'] as const,
  /** GET /api/me/reliability (under applications: every application change refreshes it). */
  reliability: [...me, 'applications', 'reliability'] as const,
  /** GET /api/me/data-export: the latest "Download my data" request (issue 27). */
  dataExport: [...me, 'data-export'] as const,
  /** GET /api/me/account-closure: what closing the account would do now (under wallet: a redemption changes it). */
  accountClosure: [...me, 'wallet', 'account-closure'] as const,
  /** GET /api/me/activity (under applications: every application change refreshes it). */
  activity: [...me, 'applications', 'activity'] as const,
  /** GET /api/admin/me/digest: the admin's own digest switch. */
  adminDigest: [...admin, 'me', 'digest'] as const,
  /** GET /api/me/connections/instagram: the creator's connected Instagram account. */
  instagram: [...me, 'connections', 'instagram'] as const,
  /** GET /api/me/payouts. */
  payouts: [...me, 'payouts'] as const,
  /** GET /api/me/tax-form: the creator's tax form (masked) and this year's paid total (issue 27). */
  taxForm: [...me, 'tax-form'] as const,
  /** GET /api/notifications (first page, with the unread count): the bell of creators and admins alike. */
  notifications: [...PRIVATE_ROOT, 'notifications'] as const,
  /** GET /api/campaigns/:id/eligibility: whether this creator can apply. */
  eligibility: {
    all: [...me, 'eligibility'] as const,
    campaign: (campaignId: number) => [...me, 'eligibility', campaignId] as const,
  },
  admin: {
    all: admin,
    campaigns: {
      all: [...admin, 'campaigns'] as const,
      stats: [...admin, 'campaigns', 'stats'] as const,
      list: (q: string, cursor: string) => [...admin, 'campaigns', 'list', q, cursor] as const,
      /** GET /api/admin/campaigns/:id (drafts included): the review page and the analytics page. */
      one: (id: string) => [...admin, 'campaigns', 'one', id] as const,
      /** GET /api/admin/campaigns/:id/applications; the view (group, sort, missed) after the id, keyset pages inside. */
      applicants: (id: string, ...view: string[]) =>
        [...admin, 'campaigns', 'applicants', id, ...view] as const,
      /** GET /api/admin/campaigns/:id/products: products, variants and stock (issue 37). */
      products: (id: string) => [...admin, 'campaigns', 'products', id] as const,
      /** GET /api/admin/campaigns/:id/packing: boxes to pack per SKU (issue 37); refreshed with the applicants. */
      packing: (id: string) => [...admin, 'campaigns', 'packing', id] as const,
    },
    creators: (q: string, cursor: string) => [...admin, 'influencers', q, cursor] as const,
    /** GET /api/admin/influencers/:id: one creator's page (issue 13). */
    creator: (id: number) => [...admin, 'creator', id] as const,
    /** GET /api/admin/problems: the queue's pages of one status (issue 28), and the sidebar badge's open count. */
    problems: (status: string) => [...admin, 'problems', status] as const,
    problemsOpenCount: [...admin, 'problems', 'open-count'] as const,
    problemsAll: [...admin, 'problems'] as const,
    analytics: {
      all: [...admin, 'analytics'] as const,
      /** GET /api/admin/campaigns/:id/analytics. */
      campaign: (id: string) => [...admin, 'analytics', 'campaign', id] as const,
      /** GET /api/admin/campaigns/:id/analytics/posts?platform (the pages after the first, "Show more posts"). */
      campaignPosts: (id: number, platform: string) =>
        [...admin, 'analytics', 'campaign', String(id), 'posts', platform] as const,
      /** GET /api/admin/campaigns/:id/analytics/creators?platform ("Show more creators"). */
      campaignCreators: (id: number, platform: string) =>
        [...admin, 'analytics', 'campaign', String(id), 'creators', platform] as const,
      /** GET /api/admin/analytics?from&to. */
      overview: (from: string, to: string) => [...admin, 'analytics', 'overview', from, to] as const,
    },
    /** GET /api/admin/account-closures?state (issue 27). */
    accountClosures: (state: string) => [...admin, 'account-closures', state] as const,
    /** GET /api/admin/stores and a store's catalogue (GET /api/admin/stores/:id/products), issue 37. */
    stores: [...admin, 'stores'] as const,
    storeCatalogue: (id: number) => [...admin, 'stores', 'catalogue', id] as const,
    /** GET /api/admin/team: members and waiting invitations (issue 39). */
    team: [...admin, 'team'] as const,
    /** GET /api/admin/campaigns/:id/report-links (issue 39). */
    reportLinks: (id: number) => [...admin, 'report-links', id] as const,
    /** GET /api/admin/audit-log with its filters and page. */
    auditLog: (filters: object, cursor: string) => [...admin, 'audit-log', filters, cursor] as const,
    payments: {
      all: [...admin, 'payments'] as const,
      transactions: (filters: object, cursor: string) =>
        [...admin, 'payments', 'transactions', filters, cursor] as const,
      pending: [...admin, 'payments', 'pending-payouts'] as const,
      summary: [...admin, 'payments', 'summary'] as const,
      payout: (id: number) => [...admin, 'payments', 'payout', id] as const,
      /** GET /api/admin/payment-runs/:id: a run Process Payment started (issue 43). */
      run: (id: number) => [...admin, 'payments', 'run', id] as const,
      /** GET /api/admin/tax-year?year= (issue 27). */
      taxYear: (year: number) => [...admin, 'payments', 'tax-year', year] as const,
    },
  },
};
