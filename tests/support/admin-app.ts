import type { Hono } from 'hono';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Env } from '../../src/config/env';
import type { Database, DatabaseDriver } from '../../src/db/client';
import type { NewCampaignRow } from '../../src/db/schema/campaigns';
import { type Auth, createAuth } from '../../src/server/auth/auth';
import { createApp } from '../../src/server/http/app';
import type { AppDeps } from '../../src/server/http/context';
import { type Logger, silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import type { AdminRole } from '../../src/shared/admin-permissions';
import { getWithCookie, nextClientIp, postJson, signInAdmin } from './auth-client';
import { createReadyCreator } from './creators';
import { insertCampaign } from './factories';
import { testEnv } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

export const ADMIN_PASSWORD = 'admin password 2026!';

/** What the API answered: the status and the JSON body (null when there is none). */
export interface Answer<T> {
  status: number;
  body: T & { error?: string };
}

async function answerOf<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T & { error?: string } };
}

/** Sends `method` with a JSON body (none when undefined) as the pages do; the body is null when it is not JSON. */
export async function sendJson(
  app: Pick<Hono, 'request'>,
  method: string,
  path: string,
  body: unknown,
  cookie: string,
): Promise<Answer<Record<string, unknown>>> {
  const response = await app.request(path, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
      'x-forwarded-for': nextClientIp(),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  };
}

export interface AdminAppOptions extends Partial<Omit<AppDeps, 'db' | 'env' | 'logger' | 'auth'>> {
  /** Raw variables beside TRUST_PROXY=true. */
  env?: Record<string, string>;
  logger?: Logger;
  /** The admin who signs in (ops@mintbox.test by default); false: no admin account at all. */
  adminEmail?: string | false;
  /** Hands the mailer to Better Auth too (its own mails: verification, reset). */
  mailAuth?: boolean;
  adminName?: string;
  /** The admin's user name (the part of the address before @ by default). */
  adminUsername?: string;
  /** The prefix of the creators' addresses `creator()` makes (`creator1@example.com`, …). */
  people?: string;
}

/** The app `startAdminApp` built, on its database, with the signed-in admin's cookie ('' when there is none). */
export interface StartedAdminApp {
  database: TestDatabase;
  app: ReturnType<typeof createApp>;
  env: Env;
  auth: Auth;
  logger: Logger;
  admin: string;
  /** The signed-in admin's user id ('' when there is none). */
  adminId: string;
}

/**
 * The real app with Better Auth on a fresh test database of `driver`, and an admin signed in through the sign-in
 * API: the set-up of `useAdminApp` without its hooks, for a `beforeAll` that starts a stand-in first or builds more
 * (a second instance from the answered `env`, `auth`, `logger`). The caller destroys `database`.
 */
export async function startAdminApp(
  driver: DatabaseDriver,
  options: Omit<AdminAppOptions, 'people'> = {},
): Promise<StartedAdminApp> {
  const database = await createTestDatabase(driver);
  try {
    return await buildAdminApp(database, options);
  } catch (error) {
    await database.destroy();
    throw error;
  }
}

async function buildAdminApp(
  database: TestDatabase,
  options: Omit<AdminAppOptions, 'people'>,
): Promise<StartedAdminApp> {
  const {
    env: envVars,
    logger: givenLogger,
    adminEmail,
    adminName,
    adminUsername,
    mailAuth,
    ...deps
  } = options;
  const env = testEnv({ TRUST_PROXY: 'true', ...envVars });
  const logger = givenLogger ?? silentLogger();
  const auth = createAuth({ db: database.db, env, logger, ...(mailAuth ? { mailer: deps.mailer } : {}) });
  const app = createApp({ db: database.db, env, logger, auth, ...deps });
  if (adminEmail === false) return { database, app, env, auth, logger, admin: '', adminId: '' };
  const email = adminEmail ?? 'ops@mintbox.test';
  const { id: adminId } = await upsertAdmin(database.db, auth, {
    email,
    password: ADMIN_PASSWORD,
    ...(adminName ? { name: adminName } : {}),
    ...(adminUsername ? { username: adminUsername } : {}),
  });
  const admin = await signInAdmin(app, email, ADMIN_PASSWORD);
  return { database, app, env, auth, logger, admin, adminId };
}

/**
 * The real app on a fresh test database of `driver`, with an admin signed in through the sign-in API, as the route
 * tests start (registers its beforeAll and afterAll in the calling `describe`). The fields are read once the hooks
 * ran; `call`, `get` and the steps below send what the pages send, as the admin unless a cookie is given.
 * `options` may be a function, called in the hook: it starts the stand-ins the app is given (a fake PayPal, an SMTP
 * server) and answers the options that name them.
 */
export function useAdminApp(
  driver: DatabaseDriver,
  options: AdminAppOptions | (() => Promise<AdminAppOptions>) = {},
) {
  let started: StartedAdminApp | undefined;
  let people = 'creator';
  let n = 0;
  const ready = () => {
    if (!started) throw new Error('useAdminApp: read inside a test or a later hook');
    return started;
  };

  beforeAll(async () => {
    const { people: prefix, ...startOptions } = typeof options === 'function' ? await options() : options;
    people = prefix ?? people;
    started = await startAdminApp(driver, startOptions);
  });
  afterAll(async () => {
    await started?.database.destroy();
  });

  const api = {
    get app() {
      return ready().app;
    },
    get db(): Database {
      return ready().database.db;
    },
    get database() {
      return ready().database;
    },
    get admin() {
      return ready().admin;
    },
    /** The signed-in admin's user id. */
    get adminId() {
      return ready().adminId;
    },
    get env() {
      return ready().env;
    },
    get auth() {
      return ready().auth;
    },
    get logger() {
      return ready().logger;
    },
    /** A POST with a JSON body, as the admin unless `cookie` is given. */
    call: async <T = Record<string, unknown>>(
      path: string,
      body: unknown,
      cookie?: string,
      headers?: Record<string, string>,
    ) => answerOf<T>(await postJson(ready().app, path, body, cookie ?? ready().admin, headers)),
    /** A GET, as the admin unless `cookie` is given. */
    get: async <T = Record<string, unknown>>(path: string, cookie?: string) =>
      answerOf<T>(await getWithCookie(ready().app, path, cookie ?? ready().admin)),
    /** Any method with a JSON body (none when undefined), as the admin unless `cookie` is given. */
    send: (method: string, path: string, body?: unknown, cookie?: string) =>
      sendJson(ready().app, method, path, body, cookie ?? ready().admin),
    /** Another admin of the team, `<role>@mintbox.test` with `role` (issue 39), signed in: their cookie. */
    teamMember: async (role: AdminRole) => {
      const email = `${role}@mintbox.test`;
      await upsertAdmin(ready().database.db, ready().auth, { email, password: ADMIN_PASSWORD, role });
      return signInAdmin(ready().app, email, ADMIN_PASSWORD);
    },
    /** An address nobody used yet, `<people><n>@example.com`, counted with the creators made here. */
    newEmail: () => {
      n += 1;
      return `${people}${n}@example.com`;
    },
    /** A creator who signed up, verified their address and completed the profile (tests/support/creators.ts). */
    creator: (more: Omit<Parameters<typeof createReadyCreator>[2], 'email'> & { email?: string } = {}) =>
      createReadyCreator(ready().app, ready().database.db, { email: api.newEmail(), ...more }),
    /** The creator applies to the campaign (201): the application's id. */
    apply: async (campaignId: number, cookie: string, body: unknown = {}) => {
      const applied = await api.call<{ id: number }>(
        `/api/campaigns/${campaignId}/applications`,
        body,
        cookie,
      );
      expect(applied.status).toBe(201);
      return applied.body.id;
    },
    /**
     * A creator `<label> Person<n>` who applied (201) to a new active gifting campaign `<label> Campaign <n>`
     * (deadline 2026-07-01, no follower minimum; `campaign` overrides), `n` counting the creators made here.
     */
    appliedToNewCampaign: async (label: string, campaign: Partial<NewCampaignRow> = {}) => {
      const person = await api.creator({ name: `${label} Person${n + 1}` });
      const row = await insertCampaign(ready().database.db, {
        name: `${label} Campaign ${n}`,
        status: 'active',
        type: 'gifting',
        deadline: '2026-07-01',
        followersRequired: 0,
        ...campaign,
      });
      return { ...person, campaign: row, applicationId: await api.apply(row.id, person.cookie) };
    },
    /** The admin accepts the application (200). */
    accept: async (id: number) =>
      expect((await api.call(`/api/admin/applications/${id}/accept`, {})).status).toBe(200),
    /** The admin enters the box's tracking number (200). */
    ship: async (id: number, trackingNumber = '9400100') =>
      expect(
        (await api.call(`/api/admin/applications/${id}/shipment`, { carrier: 'USPS', trackingNumber }))
          .status,
      ).toBe(200),
    /** The creator submits a post's address for review (201): the submission's id. */
    submit: async (id: number, cookie: string, url = `https://www.instagram.com/p/post${id}x${n}`) => {
      const sent = await api.call<{ id: number }>(
        `/api/applications/${id}/submissions`,
        { urls: [url] },
        cookie,
      );
      expect(sent.status).toBe(201);
      return sent.body.id;
    },
  };
  return api;
}

export type AdminApp = ReturnType<typeof useAdminApp>;
