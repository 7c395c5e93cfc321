import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testEnv } from '../../../tests/support/test-app';
import { useTestDatabase } from '../../../tests/support/use-test-database';
import { EnvError, loadEnv } from '../../config/env';
import { projectRoot } from '../../config/project-root';
import { silentLogger } from '../process/logger';
import { createApp } from './app';

const SECRET = 'production-secret-production-secret-0123456789';
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'mintbox-prod-'));

describe('production configuration', () => {
  it('refuses to start without SMTP_URL, in one line', () => {
    let error: Error | undefined;
    try {
      loadEnv({ NODE_ENV: 'production', AUTH_SECRET: SECRET, DATA_DIR: dataDir() });
    } catch (e) {
      error = e as Error;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect(error?.message).toMatch(/^Invalid configuration: SMTP_URL is required in production/);
    expect(error?.message.split('\n')).toHaveLength(1);
    expect(
      loadEnv({
        NODE_ENV: 'production',
        AUTH_SECRET: SECRET,
        DATA_DIR: dataDir(),
        SMTP_URL: 'smtp://mail:25',
      }).smtpUrl,
    ).toBe('smtp://mail:25');
    // Development keeps the local outbox.
    expect(loadEnv({ DATA_DIR: dataDir() }).smtpUrl).toBeUndefined();
  });

  it('refuses PASSWORD_HASH_COST=low in production, in one line', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: SECRET, SMTP_URL: 'smtp://mail:25' };
    let error: Error | undefined;
    try {
      loadEnv({ ...production, DATA_DIR: dataDir(), PASSWORD_HASH_COST: 'low' });
    } catch (e) {
      error = e as Error;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect(error?.message).toBe(
      'Invalid configuration: PASSWORD_HASH_COST=low is refused in production: it is for the test suite, whose passwords need no protection. Unset it',
    );
  });

  it('stops the real start with that line and exit code 1', async () => {
    // Every refusal of loadEnv is an EnvError (the test above): the start prints its message alone.
    const run = promisify(execFile);
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/server/process/main.ts'], {
      cwd: projectRoot(),
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', AUTH_SECRET: SECRET, DATA_DIR: dataDir() },
      timeout: 30_000,
    }).catch((error: { code?: number; stderr?: string }) => error);
    expect((failure as { code?: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr.trim()).toMatch(
      /^Invalid configuration: SMTP_URL is required in production[^\n]*$/,
    );
  });
});

describe('headers and cookies', () => {
  const database = useTestDatabase('pglite');

  const appFor = (appUrl: string, extra: Record<string, string> = {}) =>
    createApp({ db: database.db, env: testEnv({ APP_URL: appUrl, ...extra }), logger: silentLogger() });

  it('sends HSTS only when the app is served over https', async () => {
    const plain = await appFor('http://localhost:3000').request('/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const secure = await appFor('https://mintbox.example').request('/api/health');
    expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  });

  it('sends a Permissions-Policy that turns off what the product never uses, and no Referer', async () => {
    // Page headers: JSON answers carry only the JSON set (response-headers.test.ts).
    const response = await appFor('http://localhost:3000').request('/api/docs');
    const policy = response.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
      expect(policy).toContain(feature);
    }
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('names the session cookie with the __Host- prefix over https', async () => {
    const app = appFor('https://mintbox.example', { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' });
    const post = (route: string, body: unknown, cookie = '') =>
      app.request(route, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'https://mintbox.example',
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(body),
      });
    const credentials = { email: 'host-prefix@example.com', password: 'correct horse battery' };
    expect((await post('/api/auth/sign-up/email', { ...credentials, name: 'Host Prefix' })).status).toBe(200);
    const signedIn = await post('/api/auth/sign-in/email', credentials);
    expect(signedIn.status).toBe(200);
    const session = signedIn.headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(session).toMatch(/^__Host-mintbox\.session_token=/);
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; Path=\//i);
    expect(session).not.toMatch(/; Domain=/i);
    const cookie = session.split(';')[0]!;
    const me = (await (await app.request('/api/session', { headers: { cookie } })).json()) as {
      user: { email: string } | null;
    };
    expect(me.user?.email).toBe('host-prefix@example.com');
    const out = await post('/api/auth/sign-out', {}, cookie);
    expect(out.status).toBe(200);
    const after = (await (await app.request('/api/session', { headers: { cookie } })).json()) as {
      user: unknown;
    };
    expect(after.user).toBeNull();
  });
});
