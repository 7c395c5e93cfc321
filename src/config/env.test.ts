import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { ENV_VARIABLES } from './env-schema';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'mintbox-env-'));

describe('configuration', () => {
  it('has working defaults for development', () => {
    const dir = dataDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.launchMode).toBe('public');
    expect(env.appUrl).toBe('http://localhost:3000');
    expect(env.authSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('generates the development auth secret once and keeps it in the data folder', () => {
    const dir = dataDir();
    const first = loadEnv({ DATA_DIR: dir }).authSecret;
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(loadEnv({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it('requires AUTH_SECRET in production and does not write one', () => {
    const dir = dataDir();
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(
      /AUTH_SECRET is required in production/,
    );
    expect(existsSync(path.join(dir, 'auth-secret'))).toBe(false);
  });

  it.each([
    ['PORT', 'abc', /^Invalid configuration: PORT /],
    ['PORT', '70000', /^Invalid configuration: PORT must be between 0 and 65535/],
    ['DATABASE_URL', 'mysql://x', /^Invalid configuration: DATABASE_URL must start with postgres/],
    ['APP_URL', 'not a url', /^Invalid configuration: APP_URL must be an http/],
    ['AUTH_SECRET', 'short', /^Invalid configuration: AUTH_SECRET must be at least 32 characters/],
    ['SMTP_URL', 'http://mail', /^Invalid configuration: SMTP_URL must be an smtp/],
    ['ADMIN_EMAIL', 'nope', /^Invalid configuration: ADMIN_EMAIL must be an email address/],
    ['LAUNCH_MODE', 'beta', /^Invalid configuration: LAUNCH_MODE must be public or coming-soon/],
    ['LOG_LEVEL', 'loud', /^Invalid configuration: LOG_LEVEL must be one of/],
  ])('stops on a bad %s with one line naming it', (name, value, message) => {
    let error: Error | undefined;
    try {
      loadEnv({ DATA_DIR: dataDir(), [name]: value });
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toMatch(message);
    expect(error?.message.split('\n')).toHaveLength(1);
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'a@b.co' })).toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
  });

  it('reads DATABASE_URL, APP_URL and LAUNCH_MODE', () => {
    const env = loadEnv({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@h:5432/db',
      APP_URL: 'https://mintbox.example/',
      LAUNCH_MODE: 'coming-soon',
    });
    expect(env).toMatchObject({
      databaseUrl: 'postgres://u@h:5432/db',
      appUrl: 'https://mintbox.example',
      launchMode: 'coming-soon',
    });
  });

  it('turns PayPal Payouts on only with an id and a secret, in the environment PAYPAL_ENV names', () => {
    const manual = loadEnv({ DATA_DIR: dataDir() });
    expect(manual.paypal).toBeNull();
    expect(manual.paypalEnvironment).toBe('sandbox');
    expect(
      loadEnv({ DATA_DIR: dataDir(), PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }).paypal,
    ).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      environment: 'sandbox',
      apiBase: 'https://api-m.sandbox.paypal.com',
      webhookId: undefined,
    });
    const live = loadEnv({
      DATA_DIR: dataDir(),
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_ENV: 'live',
      PAYPAL_WEBHOOK_ID: 'WH-1',
    });
    expect(live.paypal).toMatchObject({
      environment: 'live',
      apiBase: 'https://api-m.paypal.com',
      webhookId: 'WH-1',
    });
    const local = loadEnv({
      DATA_DIR: dataDir(),
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_BASE: 'http://127.0.0.1:4010/',
    });
    expect(local.paypal?.apiBase).toBe('http://127.0.0.1:4010');
    expect(() => loadEnv({ DATA_DIR: dataDir(), PAYPAL_CLIENT_ID: 'id' })).toThrow(
      /PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together/,
    );
    expect(() => loadEnv({ DATA_DIR: dataDir(), PAYPAL_ENV: 'production' })).toThrow(
      /^Invalid configuration: PAYPAL_ENV must be sandbox or live/,
    );
  });

  it('sends the admin digest hourly in production, not at all elsewhere unless set; below an hour is refused', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail:25' };
    expect(loadEnv({ DATA_DIR: dataDir() }).adminDigestIntervalMinutes).toBe(0);
    expect(loadEnv({ DATA_DIR: dataDir(), ...production }).adminDigestIntervalMinutes).toBe(60);
    expect(
      loadEnv({ DATA_DIR: dataDir(), ...production, ADMIN_DIGEST_INTERVAL_MINUTES: '0' })
        .adminDigestIntervalMinutes,
    ).toBe(0);
    expect(
      loadEnv({ DATA_DIR: dataDir(), ADMIN_DIGEST_INTERVAL_MINUTES: '180' }).adminDigestIntervalMinutes,
    ).toBe(180);
    expect(() => loadEnv({ DATA_DIR: dataDir(), ADMIN_DIGEST_INTERVAL_MINUTES: '30' })).toThrow(
      /^Invalid configuration: ADMIN_DIGEST_INTERVAL_MINUTES must be 0 \(off\) or between 60 and 10080 minutes/,
    );
  });

  it('asks admins for a second factor by default in production only; ADMIN_REQUIRE_2FA decides when set', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail:25' };
    expect(loadEnv({ DATA_DIR: dataDir() }).adminRequire2fa).toBe(false);
    expect(loadEnv({ DATA_DIR: dataDir(), ...production }).adminRequire2fa).toBe(true);
    expect(loadEnv({ DATA_DIR: dataDir(), ...production, ADMIN_REQUIRE_2FA: 'false' }).adminRequire2fa).toBe(
      false,
    );
    expect(loadEnv({ DATA_DIR: dataDir(), ADMIN_REQUIRE_2FA: 'true' }).adminRequire2fa).toBe(true);
    expect(() => loadEnv({ DATA_DIR: dataDir(), ADMIN_REQUIRE_2FA: 'yes' })).toThrow(
      /^Invalid configuration: ADMIN_REQUIRE_2FA must be true or false/,
    );
  });

  it('runs the stand-ins of npm run demo only when asked, and never in production', () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).demoStandIns).toBe(false);
    expect(loadEnv({ DATA_DIR: dataDir(), DEMO_STAND_INS: 'true' }).demoStandIns).toBe(true);
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail:25' };
    expect(loadEnv({ DATA_DIR: dataDir(), ...production, DEMO_STAND_INS: 'false' }).demoStandIns).toBe(false);
    // Even without the other production settings, the stand-ins are what the message names.
    for (const variables of [production, { NODE_ENV: 'production' }]) {
      expect(() => loadEnv({ DATA_DIR: dataDir(), ...variables, DEMO_STAND_INS: 'true' })).toThrow(
        /^Invalid configuration: DEMO_STAND_INS=true is refused in production: the stand-ins of `npm run demo` fake PayPal, Instagram, TikTok and YouTube/,
      );
    }
    expect(() => loadEnv({ DATA_DIR: dataDir(), DEMO_STAND_INS: 'yes' })).toThrow(
      /^Invalid configuration: DEMO_STAND_INS must be true or false/,
    );
  });

  it('documents every variable in .env.example and the README', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const name of ENV_VARIABLES) {
      expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'));
      expect(readme, name).toContain(`\`${name}\``);
    }
  });
});
