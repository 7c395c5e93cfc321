import type { z } from 'zod';
import { EnvError, type envSchema, PAYPAL_API_BASES, type PaypalEnvironment } from './env-schema';

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'x', 'tiktok'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
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

export function pickS3(e: z.infer<typeof envSchema>): S3Config | null {
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

export function pickInstagram(e: z.infer<typeof envSchema>): InstagramConfig | null {
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

export function pickPaypal(e: z.infer<typeof envSchema>): PaypalConfig | null {
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

export function pickOAuthClients(e: z.infer<typeof envSchema>): Partial<Record<SocialProvider, OAuthClient>> {
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
