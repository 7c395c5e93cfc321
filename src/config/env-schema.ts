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

/** A variable set to blank text counts as not set: `schema` then sees undefined (and takes its default, if any). */
function blankIsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);
}

const optionalText = blankIsUnset(z.string().optional());
const trueOrFalse = z.enum(['true', 'false'], { error: 'must be true or false' });
/** The base address of an outside service or of its local stand-in (tests, the demo). */
const optionalHttpUrl = blankIsUnset(
  z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
);

export const envSchema = z.object({
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
  DATABASE_URL: blankIsUnset(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./data'),
  APP_URL: blankIsUnset(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http:// or https:// address, like https://mintbox.example',
      })
      .optional(),
  ),
  AUTH_SECRET: blankIsUnset(
    z.string().min(32, { error: 'must be at least 32 characters (try: openssl rand -hex 32)' }).optional(),
  ),
  SMTP_URL: blankIsUnset(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, {
        error: 'must be an smtp:// or smtps:// address, like smtp://user:pass@host:587',
      })
      .optional(),
  ),
  MAIL_FROM: optionalText,
  CONTACT_EMAIL: z.email({ error: 'must be an email address' }).default('hello@mintbox.app'),
  ADMIN_EMAIL: blankIsUnset(z.email({ error: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: blankIsUnset(z.string().min(12, { error: 'must be at least 12 characters' }).optional()),
  LAUNCH_MODE: z.enum(LAUNCH_MODES, { error: 'must be public or coming-soon' }).default('public'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  SEED_DEMO_DATA: trueOrFalse.default('true'),
  TRUST_PROXY: trueOrFalse.default('false'),
  METRICS_TOKEN: blankIsUnset(
    z.string().min(16, { error: 'must be at least 16 characters (try: openssl rand -hex 32)' }).optional(),
  ),
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(1000, { error: 'must be at least 1000' })
    .max(600_000, { error: 'must be at most 600000' })
    .default(20_000),
  ADMIN_DIGEST_INTERVAL_MINUTES: blankIsUnset(
    z.coerce
      .number({ error: 'must be a number of minutes (0 turns the digest off)' })
      .int({ error: 'must be a whole number of minutes' })
      .refine((n) => n === 0 || (n >= 60 && n <= 10_080), {
        error: 'must be 0 (off) or between 60 and 10080 minutes (the digest is sent at most hourly)',
      })
      .optional(),
  ),
  ADMIN_REQUIRE_2FA: blankIsUnset(trueOrFalse.optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: blankIsUnset(
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
  PAYPAL_ENV: blankIsUnset(
    z.enum(PAYPAL_ENVIRONMENTS, { error: 'must be sandbox or live' }).default('sandbox'),
  ),
  PAYPAL_API_BASE: optionalHttpUrl,
  PAYPAL_WEBHOOK_ID: optionalText,
  // Brands' Shopify stores (issue 37, decision 0032): 'true' creates the store order of each accepted box; the base
  // sends every store call to one address (the stand-in store of tests and `npm run demo`).
  SHOPIFY_ORDERS: trueOrFalse.default('false'),
  SHOPIFY_API_BASE: optionalHttpUrl,
  // Carrier tracking: EasyPost's Trackers API (issue 38; tests point the base at the stand-in).
  EASYPOST_API_KEY: optionalText,
  EASYPOST_WEBHOOK_SECRET: optionalText,
  EASYPOST_API_BASE: optionalHttpUrl,
  // Content metrics: the YouTube Data API v3 (an API key; tests point the base at a local fake).
  YOUTUBE_API_KEY: optionalText,
  YOUTUBE_API_BASE: optionalHttpUrl,
  // TikTok Display API host for content metrics (tests point it at a local fake).
  TIKTOK_API_BASE: optionalHttpUrl,
  // TikTok's sign-in page host (tests and the demo point it at a local fake).
  TIKTOK_AUTH_BASE: optionalHttpUrl,
  // Instagram API with Instagram Login (a Meta app's Instagram app id and secret): creators connect their
  // professional account from /profile; the three hosts can point at a local fake in tests.
  INSTAGRAM_APP_ID: optionalText,
  INSTAGRAM_APP_SECRET: optionalText,
  INSTAGRAM_AUTHORIZE_BASE: optionalHttpUrl,
  INSTAGRAM_OAUTH_BASE: optionalHttpUrl,
  INSTAGRAM_API_BASE: optionalHttpUrl,
  // Files in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO) instead of DATA_DIR: needed as soon as
  // several instances serve the app (issue 40). Keys: S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY, or the AWS SDK's chain.
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalHttpUrl,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: blankIsUnset(trueOrFalse.default('false')),
  S3_PREFIX: blankIsUnset(
    z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*\/?$/, {
        error: 'must be a key prefix of letters, digits and safe punctuation, like mintbox/',
      })
      .optional(),
  ),
  // Tests only (refused in production): passwords hashed at a low scrypt cost (src/server/auth/password-hashing.ts).
  PASSWORD_HASH_COST: z.enum(['standard', 'low'], { error: 'must be standard or low' }).default('standard'),
  // Tests and the demo only (refused in production): the platforms' media hosts answered by local stand-ins, as
  // `host=origin` pairs separated by commas (scontent.cdninstagram.com=http://127.0.0.1:4321).
  MEDIA_HOST_OVERRIDES: optionalText,
  // `npm run demo`: PayPal, Instagram, TikTok and YouTube are local stand-ins (never in production).
  DEMO_STAND_INS: blankIsUnset(trueOrFalse.default('false')),
});

/** Every variable the server reads (documented in .env.example and the README). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

/** A configuration variable is missing or wrong (the message names it, on one line). */
export class EnvError extends Error {
  override name = 'EnvError';
}
