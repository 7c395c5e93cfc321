// `npm run demo`: Mintbox with local stand-ins for PayPal, Instagram, TikTok and YouTube (the fakes the tests use,
// answering as the real services document), so payouts through "PayPal", a webhook settling them, an Instagram
// connection and automatic metrics can be tried on one machine without any credentials.
//
// It uses its own data folder, ./data-demo, started afresh at every run: the stand-ins keep their state in memory,
// so a previous run's PayPal batches and Instagram tokens would mean nothing to them (and none of it may mix with
// the real ./data or a real DATABASE_URL: the demo always runs on PGlite). It prepares a creator with Mint, a payout
// request waiting for the admin, an approved YouTube post and an Instagram post to review, then starts the server
// the way `npm start` does (scripts/start.mjs: build when the sources changed, then serve) with DEMO_STAND_INS=true,
// which the server refuses in production.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { EnvError, loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { users } from '../src/db/schema/auth';
import { campaigns } from '../src/db/schema/campaigns';
import { creators } from '../src/db/schema/creators';
import { mintAdjustments } from '../src/db/schema/payouts';
import { seedIfEmpty } from '../src/db/seed';
import { createAuth } from '../src/server/auth/auth';
import { createApp } from '../src/server/http/app';
import { createMailer } from '../src/server/mail/mailer';
import { silentLogger } from '../src/server/process/logger';
import { postAdjustment } from '../src/server/services/payouts/ledger';
import { completeProfile } from '../src/server/services/profiles';
import { profileSchema } from '../src/shared/schemas/profile';
import { startFakeEasypost } from '../tests/support/fake-easypost';
import { startFakeInstagram } from '../tests/support/fake-instagram';
import { startFakePaypal } from '../tests/support/fake-paypal';
import { startFakeTiktok } from '../tests/support/fake-tiktok';
import { startFakeYoutube } from '../tests/support/fake-youtube';
import { insertSubmittedPost } from '../tests/support/posts';
import { testServices } from '../tests/support/services';
import { startDemoShopify } from './demo-shopify';
import { moveDemoTrackers } from './demo-tracking';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 3000);
const appUrl = `http://localhost:${port}`;
const dataDir = path.join(root, 'data-demo');

const ADMIN = { email: 'admin@demo.mintbox.test', password: 'demo admin password' };
const CREATOR = { email: 'creator@demo.mintbox.test', password: 'demo creator password', name: 'Dana Demo' };
const IG_ACCOUNT = { userId: '17841400000004242', username: 'dana.demo' };
const TIKTOK_USER = {
  open_id: 'demo-open-id-tia',
  union_id: 'demo-union-id-tia',
  display_name: 'Tia Tok',
  username: 'tia.tok',
  avatar_large_url: '',
};
const TIKTOK_VIDEO_ID = '7300000000000004242';
const TIKTOK_VIDEO_URL = `https://www.tiktok.com/@${TIKTOK_USER.username}/video/${TIKTOK_VIDEO_ID}`;
const IG_REEL = 'DMintboxDemo1';
const YOUTUBE_VIDEO = 'MintboxDem1';
/** When the creator's PayPal payout is settled by the stand-in (then its webhook is delivered). */
const SETTLE_AFTER_MS = 5000;

function say(line = '') {
  process.stdout.write(`${line}\n`);
}

// 1. Never in production: the same check the server makes, before anything starts.
if (process.env.NODE_ENV === 'production') {
  try {
    loadEnv({ ...process.env, DEMO_STAND_INS: 'true' });
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : String(error));
    process.exit(1);
  }
}

// 2. The stand-ins, each on a free local port.
const [paypal, youtube, instagram, tiktok, easypost, shopify] = await Promise.all([
  startFakePaypal(),
  startFakeYoutube('demo-youtube-key'),
  startFakeInstagram(),
  startFakeTiktok(),
  startFakeEasypost(),
  startDemoShopify(),
]);

// YouTube: every well-formed video id is a public video whose views grow at each read, so any YouTube link a
// creator submits gets figures.
class GrowingVideos extends Map<string, { viewCount: number; likeCount?: number; commentCount?: number }> {
  override get(id: string) {
    const known = super.get(id) ?? {
      viewCount: 1000 + (id.charCodeAt(0) % 7) * 1000,
      likeCount: 80,
      commentCount: 9,
    };
    const next = {
      viewCount: known.viewCount + 137,
      likeCount: (known.likeCount ?? 0) + 11,
      commentCount: (known.commentCount ?? 0) + 2,
    };
    super.set(id, next);
    return next;
  }
}
youtube.videos = new GrowingVideos();

// TikTok: whoever signs in with TikTok here is Tia, and her video has figures to read.
tiktok.users.set(TIKTOK_USER.open_id, TIKTOK_USER);
tiktok.authorizeAs = TIKTOK_USER.open_id;
tiktok.videos.set(TIKTOK_VIDEO_ID, {
  owner: TIKTOK_USER.open_id,
  view_count: 48_213,
  like_count: 3_120,
  comment_count: 210,
  share_count: 95,
});

// Instagram: the account the creator connects, with one reel and followers' ages.
instagram.authorizeAs = IG_ACCOUNT.userId;
instagram.accounts.set(IG_ACCOUNT.userId, {
  ...IG_ACCOUNT,
  ages: { '13-17': 40, '18-24': 620, '25-34': 410, '35-44': 120, '45-54': 30, '55-64': 8, '65+': 2 },
});
instagram.media.set('18000000000004242', {
  owner: IG_ACCOUNT.userId,
  shortcode: IG_REEL,
  views: 15_400,
  reach: 11_020,
  saved: 310,
  likes: 1_240,
  comments: 96,
  shares: 57,
});

// PayPal: items wait (PENDING) and are paid a few seconds later, then PayPal's webhook tells the app.
const webhookUrl = `${appUrl}/api/webhooks/paypal`;
paypal.outcomeFor = () => 'PENDING';
paypal.onBatchCreated = (batch) => {
  setTimeout(() => {
    void (async () => {
      for (const item of batch.items) {
        paypal.setItemStatus(item.senderItemId, 'SUCCESS');
        const eventType = 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED';
        try {
          const status = await paypal.deliver(
            paypal.webhookEvent(eventType, { senderItemId: item.senderItemId }),
            webhookUrl,
          );
          say(`[PayPal stand-in] ${item.receiver} paid $${item.amount}: webhook ${eventType} → ${status}`);
        } catch (error) {
          say(`[PayPal stand-in] the webhook could not be delivered: ${(error as Error).message}`);
        }
      }
    })();
  }, SETTLE_AFTER_MS).unref();
};

// EasyPost: every tracking number an admin enters moves from pre-transit to delivered over about three minutes
// (scripts/demo-tracking.ts, issue 38).
moveDemoTrackers(easypost, `${appUrl}/api/webhooks/easypost`, say);

// 3. The environment pointing the app at them (anything set in the shell for these is overridden).
const demoEnv: Record<string, string> = {
  NODE_ENV: process.env.NODE_ENV === 'test' ? 'test' : 'development',
  DEMO_STAND_INS: 'true',
  PORT: String(port),
  APP_URL: appUrl,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SMTP_URL: '',
  SEED_DEMO_DATA: 'true',
  LAUNCH_MODE: 'public',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_REQUIRE_2FA: 'false',
  GOOGLE_CLIENT_ID: '',
  GOOGLE_CLIENT_SECRET: '',
  FACEBOOK_CLIENT_ID: '',
  FACEBOOK_CLIENT_SECRET: '',
  X_CLIENT_ID: '',
  X_CLIENT_SECRET: '',
  PAYPAL_CLIENT_ID: paypal.clientId,
  PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  PAYPAL_ENV: 'sandbox',
  PAYPAL_API_BASE: paypal.url,
  PAYPAL_WEBHOOK_ID: paypal.webhookId,
  EASYPOST_API_KEY: easypost.apiKey,
  EASYPOST_WEBHOOK_SECRET: easypost.webhookSecret,
  EASYPOST_API_BASE: `${easypost.url}/v2`,
  YOUTUBE_API_KEY: youtube.apiKey,
  YOUTUBE_API_BASE: youtube.url,
  INSTAGRAM_APP_ID: instagram.appId,
  INSTAGRAM_APP_SECRET: instagram.appSecret,
  INSTAGRAM_AUTHORIZE_BASE: instagram.url,
  INSTAGRAM_OAUTH_BASE: instagram.url,
  INSTAGRAM_API_BASE: instagram.url,
  // Sign in with TikTok through the stand-in's authorize page, and the creator's videos read with that token.
  TIKTOK_CLIENT_ID: tiktok.clientKey,
  TIKTOK_CLIENT_SECRET: tiktok.clientSecret,
  TIKTOK_AUTH_BASE: tiktok.url,
  TIKTOK_API_BASE: tiktok.url,
  ...shopify.env,
};
Object.assign(process.env, demoEnv);

// 4. A fresh demo database with a creator ready to try things.
rmSync(dataDir, { recursive: true, force: true });
const prepared = await prepare();

// 5. The server, as `npm start` runs it.
say(`Starting Mintbox with the stand-ins (data in ${path.relative(root, dataDir)}/, fresh at every run)…`);
const startScript: string = new URL('./start.mjs', import.meta.url).href;
await import(startScript);
await waitForServer();
printGuide();

async function prepare() {
  const env = loadEnv();
  const logger = silentLogger();
  const database = await openDatabase({ url: undefined, dataDir: path.join(env.dataDir, 'pglite') });
  try {
    await migrateDatabase(database);
    await seedIfEmpty(database.db);
    const { db } = database;
    const auth = createAuth({ db, env, logger });
    const app = createApp({ db, env, logger, auth, mailer: createMailer(env, logger), paypal: null });
    const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
      app.request(pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: appUrl, ...headers },
        body: JSON.stringify(body),
      });
    const must = async (response: Response, what: string) => {
      if (response.status >= 300)
        throw new Error(`demo set-up: ${what} failed: ${response.status} ${await response.text()}`);
      return response;
    };

    // The creator signs up and signs in (the email counts as verified here) and completes the profile.
    await must(await post('/api/auth/sign-up/email', CREATOR), 'sign-up');
    const signIn = await must(
      await post('/api/auth/sign-in/email', { email: CREATOR.email, password: CREATOR.password }),
      'sign-in',
    );
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, CREATOR.email));
    const [creator] = await db
      .update(creators)
      .set({ emailVerified: true })
      .where(eq(creators.authUserId, user?.id ?? ''))
      .returning();
    if (!creator) throw new Error('demo set-up: the creator was not created');
    const profile = profileSchema.parse({
      firstName: 'Dana',
      lastName: 'Demo',
      email: CREATOR.email,
      paypalEmail: 'dana.demo@paypal.example',
      phoneNumber: '4155550134',
      primaryCategory: 'Beauty',
      secondaryCategory: 'Lifestyle',
      fullName: CREATOR.name,
      addressLine1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
      shippingPhone: '4155550134',
      instagramHandle: `@${IG_ACCOUNT.username}`,
      instagramFollowers: 1230,
      youtubeSubscribers: 5400,
    });
    await completeProfile(testServices({ db }), creator, profile);

    // Mint to cash out, and one cash-out already waiting for the admin.
    // A credit as the team makes one (Adjust Mint: the adjustment, its ledger entry and transaction), so the wallet
    // reads it as earned.
    await db.transaction(async (tx) => {
      const [adjustment] = await tx
        .insert(mintAdjustments)
        .values({
          creatorId: creator.id,
          amount: 120,
          reason: 'Welcome bonus (demo)',
          adminName: 'Mintbox demo',
        })
        .returning();
      await postAdjustment(tx, adjustment!, new Date());
    });
    await must(
      await post('/api/me/payouts', { amount: 50 }, { cookie, 'idempotency-key': randomUUID() }),
      'redemption',
    );

    // An approved YouTube post (read at once by the metrics job) and an Instagram reel waiting for review.
    const campaignOn = async (platform: 'youtube' | 'instagram') => {
      const [row] = await db
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(eq(campaigns.platform, platform))
        .limit(1);
      if (!row) throw new Error(`demo set-up: no ${platform} campaign in the demo catalogue`);
      return row;
    };
    const youtubeCampaign = await campaignOn('youtube');
    const instagramCampaign = await campaignOn('instagram');
    await insertSubmittedPost(db, {
      campaignId: youtubeCampaign.id,
      creatorId: creator.id,
      urls: [`https://www.youtube.com/watch?v=${YOUTUBE_VIDEO}`],
      reviewedAt: new Date(),
    });
    await insertSubmittedPost(db, {
      campaignId: instagramCampaign.id,
      creatorId: creator.id,
      urls: [`https://www.instagram.com/reel/${IG_REEL}/`],
      status: 'submitted',
    });
    return { creatorId: creator.id, youtubeCampaign, instagramCampaign };
  } finally {
    await database.close();
  }
}

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${appUrl}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start on ${appUrl}`);
}

function printGuide() {
  const { instagramCampaign, youtubeCampaign } = prepared;
  say(`
──────────────────────────────────────────────────────────────────────────────────────────────────────────
 Mintbox demo on ${appUrl}   (stand-ins: nothing leaves this machine; Ctrl-C stops everything)

 Stand-ins (tests/support/fake-*.ts, answering as the real APIs document):
   PayPal Payouts   ${paypal.url}   (webhooks delivered to ${webhookUrl})
   YouTube Data v3  ${youtube.url}
   Instagram        ${instagram.url}   (account @${IG_ACCOUNT.username})
   TikTok           ${tiktok.url}   (signs in as ${TIKTOK_USER.display_name}, who has video ${TIKTOK_VIDEO_URL})
   Shopify store    ${shopify.shop.url}   (three products with shades and sizes)
 ${shopify.lines.join('\n ')}

 Sign in:
   admin    ${appUrl}/admin    ${ADMIN.email} / ${ADMIN.password}
   creator  ${appUrl}/signin   ${CREATOR.email} / ${CREATOR.password}  (120 Mint, 50 of them asked for)
   The admin is the team's Owner: the first sign-in enrols an authenticator app (any TOTP app) before the
   admin pages open. Invite a Manager, Finance or Viewer from Settings → Team (the invitation mail is printed here).

 Try:
 1. Pay through PayPal: as the admin, ${appUrl}/admin/payments → Process Payment. The stand-in takes the
    batch (PENDING), pays it ${SETTLE_AFTER_MS / 1000} s later and delivers the PAYMENT.PAYOUTS-ITEM.SUCCEEDED webhook; the payout
    turns Paid (a line "[PayPal stand-in] … webhook …" appears here). The creator can redeem the other 70 Mint.
 2. Connect Instagram: as the creator, ${appUrl}/profile → Connect Instagram (the stand-in's window
    answers at once for @${IG_ACCOUNT.username}).
 3. See metrics arrive: the YouTube post on "${youtubeCampaign.name}" was read at start (Analytics on the
    creator's dashboard, ${appUrl}/admin/analytics). As the admin, open "${instagramCampaign.name}"
    (${appUrl}/admin/campaigns/${instagramCampaign.id}) → "Approve content from ${CREATOR.name}": once Instagram is
    connected, the reel's insights arrive at the next metrics run (every 10 minutes, at :00, :10, :20 …).
    Any YouTube link you submit gets figures too.
 4. Sign in with TikTok: ${appUrl}/signin → TikTok (the stand-in consents at once as ${TIKTOK_USER.display_name}); verify the
    email (the code is printed here), fill the profile, apply to a TikTok campaign; once the admin accepts, ships
    and you submit ${TIKTOK_VIDEO_URL}, and the admin approves it, its views arrive at the next metrics run.
 5. Watch a box arrive: as the admin, ship a box with any tracking number; the EasyPost stand-in reports it in
    transit, out for delivery, then delivered over about three minutes, and the creator's dashboard shows the
    carrier timeline and an upload deadline counted from the carrier's delivery time, without a click.
 Mails (sign-up codes …) are printed in the log and kept in ${path.relative(root, dataDir)}/outbox/.
──────────────────────────────────────────────────────────────────────────────────────────────────────────`);
}
