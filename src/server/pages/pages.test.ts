import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAdmin } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { fakeWebDir } from '../../../tests/support/fake-web-dir';
import { testServices } from '../../../tests/support/services';
import { createTestApp, testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { APP_PAGES } from '../../shared/pages';
import { createAuth } from '../auth/auth';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';
import { buildRequestedExports } from '../services/data-rights/data-export';

const ADMIN = {
  email: 'pages-admin@example.com',
  username: 'pagesadmin',
  password: 'pages admin password 2026',
};

/**
 * Issue 40: every page of the list answers 200 on a direct load (a reload is the same request), signed out, as a
 * creator and as an admin (a signed-out visitor to a private page gets the page, whose guard sends them to sign in);
 * paths that match no page, and records that do not exist, answer 404.
 */
describe.each(TEST_DRIVERS)('every page answers on a direct load, on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>;
  let sessions: Record<'signed out' | 'creator' | 'admin', string>;
  let params: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const env = testEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mintbox-pages-')) });
    const mailer = captureMailer();
    app = createTestApp(database.db, { webDir: fakeWebDir(), env, mailer });
    await upsertAdmin(database.db, createAuth({ db: database.db, env, logger: silentLogger() }), ADMIN);
    const admin = await signInAdmin(app, ADMIN.username, ADMIN.password);
    const creator = await createReadyCreator(app, database.db, { email: `pages-${driver}@example.com` });
    const campaign = await insertCampaign(database.db, { status: 'active' });
    // A mailed data-download link, made as the product makes it: request, the job, the mail.
    expect((await postJson(app, '/api/me/data-export', {}, creator.cookie)).status).toBe(202);
    await buildRequestedExports(testServices({ db: database.db, mailer, dataDir: env.dataDir }));
    const token = /\/data-export\/([A-Za-z0-9_-]+)/.exec(mailer.sent.at(-1)?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    sessions = { 'signed out': '', creator: creator.cookie, admin };
    params = { id: String(campaign.id), token: token! };
    // /admin/influencers/:id names a creator.
    params.creatorId = String(creator.creatorId);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const load = (url: string, cookie: string) => app.request(url, { headers: cookie ? { cookie } : {} });
  const concrete = (pagePath: string) =>
    pagePath
      .replace(':id', pagePath.startsWith('/admin/influencers/') ? params.creatorId! : params.id!)
      .replace(':token', params.token!);

  it('answers 200 for every page of the list, signed out, as a creator and as an admin', async () => {
    const answers: string[] = [];
    for (const page of APP_PAGES) {
      for (const [who, cookie] of Object.entries(sessions)) {
        const response = await load(concrete(page.path), cookie);
        answers.push(`${page.path} ${who} ${response.status}`);
        expect(response.headers.get('content-type'), page.path).toContain('text/html');
      }
    }
    expect(answers).toEqual(
      APP_PAGES.flatMap((page) => Object.keys(sessions).map((who) => `${page.path} ${who} 200`)),
    );
  });

  it('answers 404 for paths that are no page and for records that do not exist', async () => {
    const missing = [
      ['/nope', 'signed out'],
      ['/admin/unknown', 'admin'],
      ['/dashboard/extra', 'creator'],
      ['/campaign/987654', 'signed out'],
      ['/campaign/not-a-number', 'creator'],
      ['/admin/campaigns/987654', 'admin'],
      ['/admin/details/987654', 'admin'],
      ['/admin/influencers/987654', 'admin'],
      ['/admin/campaigns/abc', 'signed out'],
      ['/data-export/not-a-link-we-ever-mailed-0123456789', 'creator'],
      ['/data-export/not-a-link-we-ever-mailed-0123456789', 'signed out'],
    ] as const;
    for (const [url, who] of missing) {
      expect((await load(url, sessions[who])).status, `${url} ${who}`).toBe(404);
    }
    // Whether an admin record exists is told to admins only: anyone else gets the page, and its guard.
    for (const who of ['signed out', 'creator'] as const) {
      expect((await load('/admin/campaigns/987654', sessions[who])).status, who).toBe(200);
      expect((await load('/admin/influencers/987654', sessions[who])).status, who).toBe(200);
    }
  });
});
