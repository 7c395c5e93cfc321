import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const LAUNCH_MODES = ['public', 'coming-soon'] as const;
export const PAYPAL_ENVIRONMENTS = ['sandbox', 'live'] as const;
export type PaypalEnvironment = (typeof PAYPAL_ENVIRONMENTS)[number];

/** PayPal's REST hosts (PAYPAL_API_BASE overrides them, e.g. for a local fake in tests). */
export const PAYPAL_API_BASES: Record<PaypalEnvironment, string> = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
};
export type LaunchMode = (typeof LAUNCH_MODES)[number];

const optionalText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().optional(),
);

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./data'),
  APP_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http:// or https:// address, like https://mintbox.example',
      })
      .optional(),
  ),
  AUTH_SECRET: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().min(32, { error: 'must be at least 32 characters (try: openssl rand -hex 32)' }).optional(),
  ),
  SMTP_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, {
        error: 'must be an smtp:// or smtps:// address, like smtp://user:pass@host:587',
      })
      .optional(),
  ),
  MAIL_FROM: optionalText,
  CONTACT_EMAIL: z.email({ error: 'must be an email address' }).default('hello@mintbox.app'),
  ADMIN_EMAIL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.email({ error: 'must be an email address' }).optional(),
  ),
  ADMIN_PASSWORD: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().min(12, { error: 'must be at least 12 characters' }).optional(),
  ),
  LAUNCH_MODE: z.enum(LAUNCH_MODES, { error: 'must be public or coming-soon' }).default('public'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  SEED_DEMO_DATA: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  TRUST_PROXY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  METRICS_TOKEN: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().min(16, { error: 'must be at least 16 characters (try: openssl rand -hex 32)' }).optional(),
  ),
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(1000, { error: 'must be at least 1000' })
    .max(600_000, { error: 'must be at most 600000' })
    .default(20_000),
  ADMIN_DIGEST_INTERVAL_MINUTES: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: 'must be a number of minutes (0 turns the digest off)' })
      .int({ error: 'must be a whole number of minutes' })
      .refine((n) => n === 0 || (n >= 60 && n <= 10_080), {
        error: 'must be 0 (off) or between 60 and 10080 minutes (the digest is sent at most hourly)',
      })
      .optional(),
  ),
  ADMIN_REQUIRE_2FA: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ error: 'must be the address of an OpenID configuration document' }).optional(),
  ),
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  X_CLIENT_ID: optionalText,
  X_CLIENT_SECRET: optionalText,
  TIKTOK_CLIENT_ID: optionalText,
  TIKTOK_CLIENT_SECRET: optionalText,
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_ENV: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(PAYPAL_ENVIRONMENTS, { error: 'must be sandbox or live' }).default('sandbox'),
  ),
  PAYPAL_API_BASE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  PAYPAL_WEBHOOK_ID: optionalText,
  // Brands' Shopify stores (issue 37, decision 0032): 'true' creates the store order of each accepted box; the base
  // sends every store call to one address (the stand-in store of tests and `npm run demo`).
  SHOPIFY_ORDERS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  SHOPIFY_API_BASE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  // Carrier tracking: EasyPost's Trackers API (issue 38; tests point the base at the stand-in).
  EASYPOST_API_KEY: optionalText,
  EASYPOST_WEBHOOK_SECRET: optionalText,
  EASYPOST_API_BASE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  // Content metrics: the YouTube Data API v3 (an API key; tests point the base at a local fake).
  YOUTUBE_API_KEY: optionalText,
  YOUTUBE_API_BASE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  // TikTok Display API host for content metrics (tests point it at a local fake).
  TIKTOK_API_BASE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  // TikTok's sign-in page host (tests and the demo point it at a local fake).
  TIKTOK_AUTH_BASE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  // Instagram API with Instagram Login (a Meta app's Instagram app id and secret): creators connect their
  // professional account from /profile; the three hosts can point at a local fake in tests.
  INSTAGRAM_APP_ID: optionalText,
  INSTAGRAM_APP_SECRET: optionalText,
  INSTAGRAM_AUTHORIZE_BASE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  INSTAGRAM_OAUTH_BASE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  INSTAGRAM_API_BASE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  // Files in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO) instead of DATA_DIR: needed as soon as
  // several instances serve the app (issue 40). Keys: S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY, or the AWS SDK's chain.
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  ),
  S3_PREFIX: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*\/?$/, {
        error: 'must be a key prefix of letters, digits and safe punctuation, like mintbox/',
      })
      .optional(),
  ),
  // Tests only (refused in production): passwords hashed at a low scrypt cost (src/server/password-hashing.ts).
  PASSWORD_HASH_COST: z.enum(['standard', 'low'], { error: 'must be standard or low' }).default('standard'),
  // Tests and the demo only (refused in production): the platforms' media hosts answered by local stand-ins, as
  // `host=origin` pairs separated by commas (scontent.cdninstagram.com=http://127.0.0.1:4321).
  MEDIA_HOST_OVERRIDES: optionalText,
  // `npm run demo`: PayPal, Instagram, TikTok and YouTube are local stand-ins (never in production).
  DEMO_STAND_INS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  ),
});

/** Every variable the server reads (documented in .env.example and the README). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'x', 'tiktok'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  /** Brands' Shopify stores: store orders on acceptance, and one address for every store call (a stand-in). */
  shopify: { ordersOnAccept: boolean; apiBase: string | undefined };
  /** How passwords are hashed: 'standard' everywhere but the test suite (src/server/password-hashing.ts). */
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

/** An S3-compatible bucket for the app's files (src/server/integrations/file-storage/s3-file-store.ts). */
export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Empty, or ends with a slash. */
  prefix: string;
}

export interface InstagramConfig {
  appId: string;
  appSecret: string;
  /** https://www.instagram.com (the authorization window: /oauth/authorize). */
  authorizeBase: string;
  /** https://api.instagram.com (the code exchange: /oauth/access_token). */
  oauthBase: string;
  /** https://graph.instagram.com (long-lived tokens, media, insights). */
  apiBase: string;
}

/** PayPal Payouts credentials; without them payouts are paid by hand (manual mode). */
export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  environment: PaypalEnvironment;
  apiBase: string;
  /** The webhook's id in the PayPal developer dashboard; webhooks are refused without it. */
  webhookId: string | undefined;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Reads and checks the configuration. Throws an EnvError whose message is one line naming the variable and the
 * problem. In development the auth secret is generated once and kept in the data folder.
 */
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

function pickS3(e: z.infer<typeof envSchema>): S3Config | null {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  if (!e.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PREFIX'] as const).find((name) => e[name]);
    if (stray) {
      throw new EnvError(
        `Invalid configuration: ${stray} is set but S3_BUCKET is not: set S3_BUCKET to keep files in object storage, or unset ${stray} to keep them in DATA_DIR`,
      );
    }
    return null;
  }
  const prefix = e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '';
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix,
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

function pickInstagram(e: z.infer<typeof envSchema>): InstagramConfig | null {
  if (Boolean(e.INSTAGRAM_APP_ID) !== Boolean(e.INSTAGRAM_APP_SECRET)) {
    throw new EnvError(
      'Invalid configuration: INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET must be set together',
    );
  }
  if (!e.INSTAGRAM_APP_ID || !e.INSTAGRAM_APP_SECRET) return null;
  const base = (v: string | undefined, fallback: string) => (v ?? fallback).replace(/\/+$/, '');
  return {
    appId: e.INSTAGRAM_APP_ID,
    appSecret: e.INSTAGRAM_APP_SECRET,
    authorizeBase: base(e.INSTAGRAM_AUTHORIZE_BASE, 'https://www.instagram.com'),
    oauthBase: base(e.INSTAGRAM_OAUTH_BASE, 'https://api.instagram.com'),
    apiBase: base(e.INSTAGRAM_API_BASE, 'https://graph.instagram.com'),
  };
}

function pickPaypal(e: z.infer<typeof envSchema>): PaypalConfig | null {
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) {
    throw new EnvError(
      'Invalid configuration: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together',
    );
  }
  if (!e.PAYPAL_CLIENT_ID || !e.PAYPAL_CLIENT_SECRET) return null;
  return {
    clientId: e.PAYPAL_CLIENT_ID,
    clientSecret: e.PAYPAL_CLIENT_SECRET,
    environment: e.PAYPAL_ENV,
    apiBase: (e.PAYPAL_API_BASE ?? PAYPAL_API_BASES[e.PAYPAL_ENV]).replace(/\/+$/, ''),
    webhookId: e.PAYPAL_WEBHOOK_ID,
  };
}

function pickOAuthClients(e: z.infer<typeof envSchema>): Partial<Record<SocialProvider, OAuthClient>> {
  const pairs: Record<SocialProvider, [string | undefined, string | undefined, string]> = {
    google: [e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, 'GOOGLE'],
    facebook: [e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET, 'FACEBOOK'],
    x: [e.X_CLIENT_ID, e.X_CLIENT_SECRET, 'X'],
    tiktok: [e.TIKTOK_CLIENT_ID, e.TIKTOK_CLIENT_SECRET, 'TIKTOK'],
  };
  const clients: Partial<Record<SocialProvider, OAuthClient>> = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const [clientId, clientSecret, prefix] = pairs[provider];
    if (Boolean(clientId) !== Boolean(clientSecret)) {
      throw new EnvError(
        `Invalid configuration: ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`,
      );
    }
    if (clientId && clientSecret) clients[provider] = { clientId, clientSecret };
  }
  return clients;
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
