import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  nextClientIp,
  postJson,
  signInAdminPasswordOnly,
} from '../../../tests/support/auth-client';
import { createReadyCreator } from '../../../tests/support/creators';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { enrolTwoFactor } from '../../../tests/support/two-factor';
import {
  ADMIN_ROLES,
  ADMIN_ROUTE_PERMISSIONS,
  type AdminPermission,
  type AdminRole,
  compileRouteTable,
  permissionForRequest,
  roleMay,
  rolesWith,
} from '../../shared/admin-permissions';
import type { SessionResponse } from '../../shared/schemas/session';
import { createAuth } from '../auth/auth';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';
import { createApp } from './app';

const PASSWORD = 'team member password 2026';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
type Document = { paths: Record<string, Record<string, unknown>> };
type Call = (
  method: string,
  path: string,
  who: AdminRole,
) => Promise<{ status: number; code?: string; allowed?: string[] }>;

/** Every admin operation of the OpenAPI document, as `METHOD /path`. */
function adminOperations(doc: Document): string[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    path.startsWith('/admin')
      ? Object.keys(operations)
          .filter((method) => METHODS.includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`)
      : [],
  );
}

const concrete = (path: string) => path.replace(/\{year\}/g, '2026').replace(/\{[^}]+\}/g, '987654');

/**
 * The route × role check (issue 39): each admin route of the document, called by each role, must answer as the table
 * says: refused with 403 FORBIDDEN_ROLE naming the roles that would be allowed, or not refused for its role. A route the
 * table does not declare is a failure of its own. Answers what disagrees (empty when all is well).
 */
async function routeRoleMismatches(
  doc: Document,
  table: Readonly<Record<string, AdminPermission>>,
  call: Call,
): Promise<string[]> {
  const problems: string[] = [];
  const compiled = compileRouteTable(table);
  for (const operation of adminOperations(doc)) {
    if (!(operation in table)) {
      problems.push(`${operation} has no declared permission in ADMIN_ROUTE_PERMISSIONS`);
      continue;
    }
    const [method = '', path = ''] = operation.split(' ');
    const permission = permissionForRequest(method, concrete(path), compiled);
    if (permission !== table[operation]) {
      problems.push(`${operation} is matched by another entry of the table (${permission})`);
      continue;
    }
    for (const role of ADMIN_ROLES) {
      const answer = await call(method, concrete(path), role);
      const refused = answer.status === 403 && answer.code === 'FORBIDDEN_ROLE';
      if (roleMay(role, permission)) {
        if (refused || answer.status === 401 || answer.code === 'FORBIDDEN')
          problems.push(
            `${operation} as ${role}: the table allows it, the server answered ${answer.status} ${answer.code}`,
          );
      } else if (!refused) {
        problems.push(
          `${operation} as ${role}: the table refuses it, the server answered ${answer.status} ${answer.code}`,
        );
      } else if (JSON.stringify(answer.allowed) !== JSON.stringify(rolesWith(permission))) {
        problems.push(`${operation} as ${role}: names ${answer.allowed} instead of ${rolesWith(permission)}`);
      }
    }
  }
  return problems;
}

describe.each(TEST_DRIVERS)('every admin route by role on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let doc: Document;
  const cookies = {} as Record<AdminRole, string>;
  let creatorCookie = '';

  const call: Call = async (method, path, who) => {
    const response = await app.request(`/api${path}`, {
      method,
      headers: {
        origin: 'http://localhost:3000',
        'x-forwarded-for': nextClientIp(),
        cookie: cookies[who],
        ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
      },
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
    });
    const streamed = response.headers.get('content-type')?.startsWith('text/event-stream');
    if (streamed || !response.headers.get('content-type')?.includes('json')) {
      await response.body?.cancel();
      return { status: response.status };
    }
    const body = (await response.json()) as { code?: string; allowed?: string[] };
    return { status: response.status, code: body.code, allowed: body.allowed };
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const env = testEnv({ TRUST_PROXY: 'true' });
    app = createApp({ db: database.db, env, logger: silentLogger() });
    // A route the server answers but the table does not name (as a new route added without its line would be).
    app.post('/api/admin/planted/:id/export', (c) => c.json({ exported: true }));
    const auth = createAuth({ db: database.db, env, logger: silentLogger() });
    for (const role of ADMIN_ROLES) {
      await upsertAdmin(database.db, auth, { email: `${role}@mintbox.test`, password: PASSWORD, role });
      const { cookie } = await signInAdminPasswordOnly(app, role, PASSWORD);
      // Owner and Finance act only with a second factor enrolled.
      cookies[role] =
        role === 'owner' || role === 'finance'
          ? (await enrolTwoFactor(app, cookie, PASSWORD)).cookie
          : cookie;
    }
    creatorCookie = (await createReadyCreator(app, database.db, { email: 'ana@mintbox.test' })).cookie;
    doc = (await (await app.request('/api/openapi.json')).json()) as Document;
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it('answers every admin route of the OpenAPI document for each role as the permission table says', async () => {
    expect(adminOperations(doc).length).toBeGreaterThan(60);
    expect(await routeRoleMismatches(doc, ADMIN_ROUTE_PERMISSIONS, call)).toEqual([]);
  }, 60_000);

  it('fails on a planted route without a permission, and on a table that disagrees with the answers', async () => {
    // Real routes of the document and one more that the table does not name: the check fails on it, and only on it.
    const real = ['/admin/campaigns', '/admin/campaigns/{id}', '/admin/payouts/process', '/admin/tax-year'];
    const planted = {
      paths: {
        ...Object.fromEntries(real.map((path) => [path, doc.paths[path] ?? {}])),
        '/admin/planted/{id}/export': { post: {} },
      },
    };
    expect(await routeRoleMismatches(planted, ADMIN_ROUTE_PERMISSIONS, call)).toEqual([
      'POST /admin/planted/{id}/export has no declared permission in ADMIN_ROUTE_PERMISSIONS',
    ]);
    // A line removed from the table: the route it named fails the same way.
    const { 'POST /admin/payouts/process': _removed, ...withoutLine } = ADMIN_ROUTE_PERMISSIONS;
    expect(await routeRoleMismatches(planted, withoutLine, call)).toEqual([
      'POST /admin/payouts/process has no declared permission in ADMIN_ROUTE_PERMISSIONS',
      'POST /admin/planted/{id}/export has no declared permission in ADMIN_ROUTE_PERMISSIONS',
    ]);
    const only = { paths: { '/admin/payouts/process': { post: {} } } };
    const wrong = { ...ADMIN_ROUTE_PERMISSIONS, 'POST /admin/payouts/process': 'read' as const };
    expect(await routeRoleMismatches(only, wrong, call)).toEqual([
      'POST /admin/payouts/process as manager: the table allows it, the server answered 403 FORBIDDEN_ROLE',
      'POST /admin/payouts/process as viewer: the table allows it, the server answered 403 FORBIDDEN_ROLE',
    ]);
  }, 60_000);

  it('refuses a route the table does not name to every role, Owners included, and every admin route to creators', async () => {
    for (const role of ADMIN_ROLES) {
      expect([role, await call('POST', '/admin/planted/1/export', role)]).toEqual([
        role,
        { status: 403, code: 'FORBIDDEN_ROLE', allowed: [] },
      ]);
    }
    const creator = await app.request('/api/admin/campaigns', { headers: { cookie: creatorCookie } });
    expect(creator.status).toBe(403);
    // A path no route answers is not a route to refuse: it is not found, for an Owner as for anyone.
    expect(await call('GET', '/admin/no-such-page', 'owner')).toMatchObject({ status: 404 });
  });

  it('names the role that would be allowed, and tells the web who is signed in', async () => {
    const response = await postJson(app, '/api/admin/payouts/process', {}, cookies.viewer);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: 'Your role (Viewer) does not allow this. It needs the Finance or Owner role.',
      code: 'FORBIDDEN_ROLE',
      allowed: ['finance', 'owner'],
    });
    const session = (await (
      await app.request('/api/session', { headers: { cookie: cookies.finance } })
    ).json()) as SessionResponse;
    expect(session.user).toMatchObject({
      adminRole: 'finance',
      twoFactor: { required: true, enabled: true },
    });
  });

  it('lets Owner and Finance act only once a second factor is enrolled, whatever ADMIN_REQUIRE_2FA says', async () => {
    const env = testEnv({ TRUST_PROXY: 'true', ADMIN_REQUIRE_2FA: 'false' });
    const auth = createAuth({ db: database.db, env, logger: silentLogger() });
    for (const role of ['owner', 'finance', 'viewer'] as const) {
      await upsertAdmin(database.db, auth, { email: `new-${role}@mintbox.test`, password: PASSWORD, role });
      const { cookie } = await signInAdminPasswordOnly(app, `new-${role}`, PASSWORD);
      const answer = await app.request('/api/admin/campaigns', { headers: { cookie } });
      const body = (await answer.json()) as { code?: string };
      expect([role, answer.status, body.code]).toEqual(
        role === 'viewer' ? [role, 200, undefined] : [role, 403, 'TWO_FACTOR_ENROLMENT_REQUIRED'],
      );
      expect(cookieHeader(answer)).toBe('');
    }
  });
});
