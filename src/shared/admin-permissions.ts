import { labelledValues } from './labelled-values';

/**
 * Who in the team may do what (issue 39, decision 0033). ONE table: every admin route (its method and its OpenAPI
 * path) names the permission it needs. The server enforces it for every request under /api/admin
 * (`middleware/admin-permission.ts`: 403 FORBIDDEN_ROLE naming the roles that would be allowed), the web reads it to
 * hide what the signed-in person may not do (`web/lib/admin-permissions.ts`), and `admin-permissions.test.ts` calls
 * every route of the OpenAPI document with every role and fails on a route missing here.
 *
 * A new admin route: one line in ADMIN_ROUTE_PERMISSIONS.
 */

export const ADMIN_ROLE_LABELS = {
  owner: 'Owner',
  manager: 'Manager',
  finance: 'Finance',
  viewer: 'Viewer',
};
export const ADMIN_ROLES = labelledValues(ADMIN_ROLE_LABELS);
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_DESCRIPTIONS: Record<AdminRole, string> = {
  owner: 'Everything, including the team and the stores.',
  manager: 'Campaigns, applicants, shipping, content, metrics, messages and creators.',
  finance: 'Payments, payouts, Mint adjustments, tax forms and every export with money or tax data.',
  viewer: 'Reads every admin page except tax data; changes nothing.',
};

/**
 * - `read`: every admin page's reads except tax data (every role).
 * - `self`: the person's own settings (every role).
 * - `operate`: campaigns, applicants, shipping, content, metrics, messages, creators (Manager).
 * - `money`: payments, payouts, Mint adjustments, exports with money (Finance).
 * - `tax`: tax forms and the tax year, its exports (Finance).
 * - `team`: members, invitations, roles, stores (Owner).
 * - `report`: a campaign's report links for its brand (Manager).
 */
export const ADMIN_PERMISSIONS = ['read', 'self', 'operate', 'money', 'tax', 'team', 'report'] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<AdminRole, readonly AdminPermission[]> = {
  owner: ADMIN_PERMISSIONS,
  manager: ['read', 'self', 'operate', 'report'],
  finance: ['read', 'self', 'money', 'tax'],
  viewer: ['read', 'self'],
};

/** Roles that must have a second factor enrolled before they can act, whatever ADMIN_REQUIRE_2FA says. */
export const ROLES_NEEDING_SECOND_FACTOR: readonly AdminRole[] = ['owner', 'finance'];

/** Must this admin enrol a second factor before acting? Owner and Finance always; everyone under ADMIN_REQUIRE_2FA. */
export function secondFactorRequired(role: AdminRole | null, adminRequire2fa: boolean): boolean {
  return adminRequire2fa || (role !== null && ROLES_NEEDING_SECOND_FACTOR.includes(role));
}

/** Every admin route, `METHOD /openapi/path` (under /api), and the permission it needs. One line per route. */
export const ADMIN_ROUTE_PERMISSIONS = {
  // Creators
  'GET /admin/influencers': 'read',
  'GET /admin/influencers/{id}': 'read',
  'POST /admin/influencers/{id}/notes': 'operate',
  'POST /admin/influencers/{id}/suspend': 'operate',
  'POST /admin/influencers/{id}/ban': 'operate',
  'POST /admin/influencers/{id}/restore': 'operate',
  'POST /admin/influencers/{id}/adjustments': 'money',
  'GET /admin/account-closures': 'read',
  // Campaigns, applicants, shipping, content
  'GET /admin/campaigns/stats': 'read',
  'GET /admin/campaigns': 'read',
  'POST /admin/campaigns': 'operate',
  'GET /admin/campaigns/{id}': 'read',
  'PATCH /admin/campaigns/{id}': 'operate',
  'DELETE /admin/campaigns/{id}': 'operate',
  'GET /admin/campaigns/{id}/applications': 'read',
  'POST /admin/applications/decisions': 'operate',
  'POST /admin/applications/{id}/accept': 'operate',
  'POST /admin/applications/{id}/reject': 'operate',
  'POST /admin/applications/{id}/choice-request': 'operate',
  'POST /admin/applications/{id}/shipment': 'operate',
  'POST /admin/campaigns/{id}/shipments': 'operate',
  'GET /admin/campaigns/{id}/shipping.csv': 'operate',
  'GET /admin/campaigns/{id}/packing': 'read',
  'POST /admin/applications/{id}/delivered': 'operate',
  'PATCH /admin/applications/{id}/shipping-address': 'operate',
  'POST /admin/submissions/{id}/approve': 'operate',
  'POST /admin/submissions/{id}/request-changes': 'operate',
  'POST /admin/uploads': 'operate',
  'GET /admin/problems': 'read',
  'POST /admin/problems/{id}/reply': 'operate',
  'POST /admin/problems/{id}/resolve': 'operate',
  'POST /admin/problems/{id}/reship': 'operate',
  // Metrics and analytics
  'GET /admin/campaigns/{id}/analytics': 'read',
  'GET /admin/campaigns/{id}/analytics/posts': 'read',
  'GET /admin/campaigns/{id}/analytics/creators': 'read',
  'GET /admin/campaigns/{id}/analytics.csv': 'operate',
  'GET /admin/analytics': 'read',
  'GET /admin/analytics.csv': 'operate',
  'POST /admin/submissions/{id}/metrics': 'operate',
  'POST /admin/metrics/{id}/confirm': 'operate',
  // Payments
  'GET /admin/transactions': 'read',
  'GET /admin/transactions.csv': 'money',
  'GET /admin/payments/summary': 'read',
  'GET /admin/payouts/{id}': 'read',
  'POST /admin/payouts/process': 'money',
  'GET /admin/payment-runs/{id}': 'read',
  'POST /admin/payouts/{id}/mark-paid': 'money',
  'POST /admin/payouts/{id}/mark-failed': 'money',
  'GET /admin/tax-year': 'tax',
  'POST /admin/tax-year/{year}/export': 'tax',
  // Messages
  'GET /admin/conversations': 'read',
  'GET /admin/conversations/waiting-count': 'read',
  'GET /admin/conversations/campaigns': 'read',
  'GET /admin/conversations/stream': 'read',
  'GET /admin/conversations/{id}': 'read',
  'GET /admin/conversations/{id}/stream': 'read',
  'POST /admin/conversations/{id}/messages/{messageId}/hide': 'operate',
  'POST /admin/applications/{id}/conversation': 'operate',
  'POST /admin/conversations/{id}/images': 'operate',
  'POST /admin/conversations/{id}/messages': 'operate',
  'PATCH /admin/conversations/{id}/messages/{messageId}': 'operate',
  'DELETE /admin/conversations/{id}/messages/{messageId}': 'operate',
  'POST /admin/conversations/{id}/seen': 'self',
  'GET /admin/saved-replies': 'read',
  'POST /admin/saved-replies': 'operate',
  'PUT /admin/saved-replies/{id}': 'operate',
  'DELETE /admin/saved-replies/{id}': 'operate',
  // The whole team's pages, the person's own settings
  'GET /admin/live': 'read',
  'GET /admin/audit-log': 'read',
  'GET /admin/me/digest': 'self',
  'PUT /admin/me/digest': 'self',
  // The team (Settings → Team)
  'GET /admin/team': 'read',
  'POST /admin/team/invitations': 'team',
  'DELETE /admin/team/invitations/{id}': 'team',
  'PATCH /admin/team/members/{id}': 'team',
  'DELETE /admin/team/members/{id}': 'team',
  // Carrier tracking (issue 38): the shipping board's counts are a read
  'GET /admin/campaigns/{id}/carrier-statuses': 'read',
  // Products and stores (issue 37): the box is the campaign's operation (Manager); connecting a store is the Owner's
  'GET /admin/campaigns/{id}/products': 'read',
  'POST /admin/campaigns/{id}/products': 'operate',
  'PATCH /admin/products/{id}': 'operate',
  'DELETE /admin/products/{id}': 'operate',
  'POST /admin/products/{id}/variants': 'operate',
  'PATCH /admin/variants/{id}': 'operate',
  'DELETE /admin/variants/{id}': 'operate',
  'GET /admin/stores': 'read',
  'POST /admin/stores': 'team',
  'POST /admin/store-orders': 'operate',
  'POST /admin/store-fulfilments': 'operate',
  'GET /admin/stores/{id}/products': 'read',
  'POST /admin/stores/{id}/sync': 'operate',
  'POST /admin/campaigns/{id}/store-products': 'operate',
  // Report links for brands
  'GET /admin/campaigns/{id}/report-links': 'read',
  'POST /admin/campaigns/{id}/report-links': 'report',
  'DELETE /admin/report-links/{id}': 'report',
} as const satisfies Record<string, AdminPermission>;

export type AdminRouteKey = keyof typeof ADMIN_ROUTE_PERMISSIONS;

export function roleMay(role: AdminRole | null | undefined, permission: AdminPermission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** May `role` call the route `key` (a key of the table)? The web's buttons ask this. */
export function mayCall(role: AdminRole | null | undefined, key: AdminRouteKey): boolean {
  return roleMay(role, ADMIN_ROUTE_PERMISSIONS[key]);
}

/** The roles that hold `permission`, Owner last (every role that would be allowed). */
export function rolesWith(permission: AdminPermission): AdminRole[] {
  const roles = ADMIN_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
  return [...roles.filter((role) => role !== 'owner'), ...roles.filter((role) => role === 'owner')];
}

/** The refusal's sentence: who the person is, and which roles would be allowed. */
export function forbiddenRoleMessage(role: AdminRole, allowed: readonly AdminRole[]): string {
  return `Your role (${ADMIN_ROLE_LABELS[role]}) does not allow this. It needs the ${roleNames(allowed)} role.`;
}

/** 'Manager or Owner': the roles' names for a sentence. */
export function roleNames(allowed: readonly AdminRole[]): string {
  const names = allowed.map((r) => ADMIN_ROLE_LABELS[r]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? 'Owner');
}

interface CompiledRoute {
  method: string;
  pattern: RegExp;
  permission: AdminPermission;
  params: number;
}

/** Turns a table of `METHOD /path/{param}` keys into matchers, literal paths before parameterised ones. */
export function compileRouteTable(table: Readonly<Record<string, AdminPermission>>): CompiledRoute[] {
  return Object.entries(table)
    .map(([key, permission]) => {
      const [method = '', path = ''] = key.split(' ');
      const source = path
        .split('/')
        .map((segment) =>
          /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/');
      return {
        method,
        pattern: new RegExp(`^${source}/?$`),
        permission,
        params: (path.match(/\{/g) ?? []).length,
      };
    })
    .sort((a, b) => a.params - b.params);
}

const COMPILED = compileRouteTable(ADMIN_ROUTE_PERMISSIONS);

/** The permission a request needs (its path under /api, e.g. /admin/payouts/7/mark-paid), or null if undeclared. */
export function permissionForRequest(
  method: string,
  path: string,
  compiled: readonly CompiledRoute[] = COMPILED,
): AdminPermission | null {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return compiled.find((route) => route.method === verb && route.pattern.test(path))?.permission ?? null;
}
