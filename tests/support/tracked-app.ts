import { afterAll } from 'vitest';
import type { DatabaseDriver } from '../../src/db/client';
import type { AppDeps } from '../../src/server/http/context';
import type { Mailer } from '../../src/server/mail/mailer';
import { startAdminApp, useAdminApp } from './admin-app';
import { type FakeEasypost, startFakeEasypost } from './fake-easypost';

/** The variables that point the app at the EasyPost stand-in (its key, its webhook secret, its address). */
export const easypostEnv = (fake: FakeEasypost) => ({
  EASYPOST_API_KEY: fake.apiKey,
  EASYPOST_WEBHOOK_SECRET: fake.webhookSecret,
  EASYPOST_API_BASE: `${fake.url}/v2`,
});

/**
 * The app with carrier tracking on (issue 38): the EasyPost stand-in as its tracking service (on the stand-in's
 * clock `now`), a test database of the driver's, the webhook secret shared; no admin (`startAdminApp`'s set-up with
 * `adminEmail: false`). Used by the fast-path test and the bench; the caller destroys `database` and closes `fake`.
 */
export async function startTrackedApp(
  driver: DatabaseDriver,
  options: { mailer: Mailer; now?: () => Date; appNow?: () => Date } & Partial<
    Pick<AppDeps, 'metrics' | 'lifecycle' | 'logger'>
  >,
) {
  const { now, appNow, ...deps } = options;
  const fake = await startFakeEasypost(now ? { now } : {});
  const started = await startAdminApp(driver, {
    ...deps,
    env: easypostEnv(fake),
    adminEmail: false,
    ...(appNow ? { now: appNow } : {}),
  });
  return { fake, ...started };
}

/**
 * The app with carrier tracking on as `useAdminApp` starts it (its hooks, an admin signed in, `call`, `creator`,
 * `apply`, `accept`, `ship`…), the app and the EasyPost stand-in on the clock `now`; `easypost` is the stand-in,
 * closed after the describe's tests. Used by the webhook tests.
 */
export function useTrackedApp(driver: DatabaseDriver, options: { mailer: Mailer; now: () => Date }) {
  let fake: FakeEasypost | undefined;
  const api = useAdminApp(driver, async () => {
    fake = await startFakeEasypost({ now: options.now });
    return { env: easypostEnv(fake), mailer: options.mailer, now: options.now };
  });
  afterAll(async () => {
    await fake?.close();
  });
  return Object.defineProperty(api, 'easypost', {
    get: () => {
      if (!fake) throw new Error('useTrackedApp: read inside a test or a later hook');
      return fake;
    },
  }) as typeof api & { readonly easypost: FakeEasypost };
}
