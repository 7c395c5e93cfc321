import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EnvError, envSchema, type LaunchMode, type PaypalEnvironment } from './env-schema';
import {
  type InstagramConfig,
  type OAuthClient,
  type PaypalConfig,
  pickInstagram,
  pickOAuthClients,
  pickPaypal,
  pickS3,
  type S3Config,
  type SocialProvider,
} from './env-services';

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  /** Brands' Shopify stores: store orders on acceptance, and one address for every store call (a stand-in). */
  shopify: { ordersOnAccept: boolean; apiBase: string | undefined };
  /** How passwords are hashed: 'standard' everywhere but the test suite (src/server/auth/password-hashing.ts). */
  passwordHashCost: 'standard' | 'low';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  appUrl: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  launchMode: LaunchMode;
  logLevel: string;
  seedDemoData: boolean;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For and the request id from X-Request-Id. */
  trustProxy: boolean;
  /** Bearer token for /api/metrics; unset, the endpoint is off. */
  metricsToken: string | undefined;
  /** How long a shutdown waits for requests and jobs in progress. */
  shutdownGraceMs: number;
  /** Minutes between two admin mail digests (at least 60); 0: no digest (the default outside production). */
  adminDigestIntervalMinutes: number;
  /**
   * Admins must enrol a second factor (TOTP) before any admin page works, and every money action or export of
   * personal data needs a code from the last 10 minutes. True by default in production.
   */
  adminRequire2fa: boolean;
  /** Sign-in providers with both a client id and a secret; the others are off. */
  oauth: Partial<Record<SocialProvider, OAuthClient>>;
  /** OpenID discovery document used for Google (Google's own unless overridden). */
  googleDiscoveryUrl: string;
  /** PayPal Payouts, or null for manual payouts. */
  paypal: PaypalConfig | null;
  /** The PayPal environment PAYPAL_ENV names (shown in Payment Settings even in manual mode). */
  paypalEnvironment: PaypalEnvironment;
  /** EasyPost's Trackers API, or null when EASYPOST_API_KEY is unset (tracking numbers are then kept as typed). */
  easypost: { apiKey: string; webhookSecret: string | undefined; apiBase: string } | null;
  /** YouTube Data API v3 for content metrics, or null when YOUTUBE_API_KEY is unset. */
  youtube: { apiKey: string; apiBase: string } | null;
  /** TikTok Display API host (the TikTok sign-in's client key and secret renew creators' tokens). */
  tiktokApiBase: string;
  /** TikTok's sign-in page host (the authorize page of Login Kit for Web). */
  tiktokAuthBase: string;
  /** Instagram API with Instagram Login, or null when INSTAGRAM_APP_ID/SECRET are unset. */
  instagram: InstagramConfig | null;
  /** `npm run demo`: the outside services are local stand-ins (refused in production). */
  demoStandIns: boolean;
  /** Tests and the demo: a platform media host -> the local origin that answers for it (empty in production). */
  mediaHostOverrides: Record<string, string>;
  /** Object storage for files (S3_BUCKET), or null: files in DATA_DIR. */
  s3: S3Config | null;
}

/**
 * Reads and checks the configuration. Throws an EnvError whose message is one line naming the variable and the
 * problem. In development the auth secret is generated once and kept in the data folder.
 */
export { EnvError };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new EnvError(
      `Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(source[name] ?? '')})`,
    );
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.DEMO_STAND_INS === 'true') {
    throw new EnvError(
      'Invalid configuration: DEMO_STAND_INS=true is refused in production: the stand-ins of `npm run demo` fake PayPal, Instagram, TikTok and YouTube (no real payout would be made). Unset DEMO_STAND_INS and set the real credentials, or run the demo without NODE_ENV=production',
    );
  }
  if (e.NODE_ENV === 'production' && e.PASSWORD_HASH_COST !== 'standard') {
    throw new EnvError(
      'Invalid configuration: PASSWORD_HASH_COST=low is refused in production: it is for the test suite, whose passwords need no protection. Unset it',
    );
  }
  if (e.NODE_ENV === 'production' && e.MEDIA_HOST_OVERRIDES) {
    throw new EnvError(
      "Invalid configuration: MEDIA_HOST_OVERRIDES is refused in production: it sends the platforms' media hosts to local stand-ins. Unset it",
    );
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new EnvError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  let authSecret = e.AUTH_SECRET;
  if (!authSecret) {
    if (e.NODE_ENV === 'production') {
      throw new EnvError(
        'Invalid configuration: AUTH_SECRET is required in production (try: openssl rand -hex 32)',
      );
    }
    authSecret = readOrCreateDevSecret(dataDir);
  }
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    // Without it codes and reset links would land in a local outbox nobody reads.
    throw new EnvError(
      'Invalid configuration: SMTP_URL is required in production (verification codes and password resets go out by mail), like smtp://user:pass@host:587',
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    passwordHashCost: e.PASSWORD_HASH_COST,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    appUrl,
    authSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Mintbox <no-reply@${new URL(appUrl).hostname}>`,
    contactEmail: e.CONTACT_EMAIL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    launchMode: e.LAUNCH_MODE,
    logLevel: e.LOG_LEVEL,
    seedDemoData: e.SEED_DEMO_DATA === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    adminDigestIntervalMinutes: e.ADMIN_DIGEST_INTERVAL_MINUTES ?? (e.NODE_ENV === 'production' ? 60 : 0),
    adminRequire2fa: (e.ADMIN_REQUIRE_2FA ?? (e.NODE_ENV === 'production' ? 'true' : 'false')) === 'true',
    oauth: pickOAuthClients(e),
    googleDiscoveryUrl:
      e.GOOGLE_DISCOVERY_URL ?? 'https://accounts.google.com/.well-known/openid-configuration',
    shopify: {
      ordersOnAccept: e.SHOPIFY_ORDERS === 'true',
      apiBase: e.SHOPIFY_API_BASE?.replace(/\/+$/, ''),
    },
    paypal: pickPaypal(e),
    paypalEnvironment: e.PAYPAL_ENV,
    easypost: e.EASYPOST_API_KEY
      ? {
          apiKey: e.EASYPOST_API_KEY,
          webhookSecret: e.EASYPOST_WEBHOOK_SECRET,
          apiBase: (e.EASYPOST_API_BASE ?? 'https://api.easypost.com/v2').replace(/\/+$/, ''),
        }
      : null,
    youtube: e.YOUTUBE_API_KEY
      ? {
          apiKey: e.YOUTUBE_API_KEY,
          apiBase: (e.YOUTUBE_API_BASE ?? 'https://www.googleapis.com').replace(/\/+$/, ''),
        }
      : null,
    tiktokApiBase: (e.TIKTOK_API_BASE ?? 'https://open.tiktokapis.com').replace(/\/+$/, ''),
    tiktokAuthBase: (e.TIKTOK_AUTH_BASE ?? 'https://www.tiktok.com').replace(/\/+$/, ''),
    instagram: pickInstagram(e),
    demoStandIns: e.DEMO_STAND_INS === 'true',
    mediaHostOverrides: parseHostOverrides(e.MEDIA_HOST_OVERRIDES),
    s3: pickS3(e),
  };
}

function parseHostOverrides(text: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const item of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host, origin] = item.split('=');
    if (!host || !origin || !/^https?:\/\/[^/]+$/.test(origin.replace(/\/+$/, ''))) {
      throw new EnvError(
        `Invalid configuration: MEDIA_HOST_OVERRIDES must be host=origin pairs separated by commas (got ${JSON.stringify(item)})`,
      );
    }
    pairs[host.toLowerCase()] = origin.replace(/\/+$/, '');
  }
  return pairs;
}

function readOrCreateDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
