import { asc } from 'drizzle-orm';
import type { Env } from '../../../config/env';
import type { Database } from '../../../db/client';
import { stores } from '../../../db/schema/stores';
import { open } from '../../auth/secret-box';
import { notConfigured } from '../check/check-options';
import type { ServiceReport } from '../service-report';
import { createShopifyClient, ShopifyError } from './shopify-client';
import {
  requestClientCredentialsToken,
  SHOPIFY_SECRET_PURPOSE,
  SHOPIFY_TOKEN_PURPOSE,
} from './shopify-token';

/**
 * `npm run integrations:check` for brands' Shopify stores (issue 37, decision 0040): for each connected store, the
 * shop's name read with its configured access (the sealed token, or a token asked for with the app's client
 * credentials, not saved: the check writes nothing).
 */
export async function checkShopify(
  env: Pick<Env, 'shopify' | 'authSecret'>,
  db: Database | undefined,
  dbProblem: string | undefined,
): Promise<ServiceReport> {
  const base = { service: 'Shopify' as const };
  if (!db) {
    return notConfigured('Shopify', `the connected stores cannot be read: ${dbProblem ?? 'no database'}.`);
  }
  const rows = await db.select().from(stores).orderBy(asc(stores.brand));
  if (rows.length === 0) {
    return notConfigured('Shopify', 'no store is connected (Settings › Stores); boxes are shipped by hand.');
  }
  const lines: string[] = [];
  let failed = false;
  let refused = false;
  for (const store of rows) {
    try {
      const token = await accessOf(env, store);
      const client = createShopifyClient({
        shopDomain: store.shopDomain,
        accessToken: token,
        apiBase: env.shopify.apiBase,
      });
      lines.push(`${store.brand} (${store.shopDomain}): read the shop's name "${await client.shopName()}"`);
    } catch (error) {
      if (!(error instanceof ShopifyError)) throw error;
      failed = true;
      refused ||= error.kind === 'revoked';
      lines.push(`${store.brand} (${store.shopDomain}): ${error.message}`);
    }
  }
  return {
    ...base,
    configured: true,
    setup: `${rows.length} store${rows.length === 1 ? '' : 's'}${env.shopify.apiBase ? `, ${new URL(env.shopify.apiBase).host}` : ''}`,
    reachable: !failed || refused,
    authorised: !refused,
    detail: `${lines.join('; ')}.`,
    failed,
  };
}

async function accessOf(env: Pick<Env, 'shopify' | 'authSecret'>, store: typeof stores.$inferSelect) {
  if (store.clientId && store.clientSecretSealed) {
    const secret = open(env.authSecret, SHOPIFY_SECRET_PURPOSE, store.clientSecretSealed);
    if (!secret)
      throw new ShopifyError('revoked', 'the saved client secret cannot be opened with AUTH_SECRET');
    const granted = await requestClientCredentialsToken({
      shopDomain: store.shopDomain,
      clientId: store.clientId,
      clientSecret: secret,
      apiBase: env.shopify.apiBase,
      now: new Date(),
    });
    return granted.accessToken;
  }
  const token = open(env.authSecret, SHOPIFY_TOKEN_PURPOSE, store.tokenSealed);
  if (!token) throw new ShopifyError('revoked', 'the saved access token cannot be opened with AUTH_SECRET');
  return token;
}
