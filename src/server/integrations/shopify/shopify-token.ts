import { ShopifyError } from './shopify-transport';

/**
 * The client credentials grant of a Dev Dashboard app installed on the merchant's own store (decision 0040;
 * https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/client-credentials-grant):
 * POST https://{shop}.myshopify.com/admin/oauth/access_token, form-encoded grant_type=client_credentials, client_id,
 * client_secret; the answer is { access_token, scope, expires_in } (seconds, about 24 hours). Shopify's admin client
 * library has no helper for it, so it is one plain request.
 */
/** The secret-box purposes of a store's sealed access token and app client secret. */
export const SHOPIFY_TOKEN_PURPOSE = 'shopify-access-token';
export const SHOPIFY_SECRET_PURPOSE = 'shopify-client-secret';

export interface GrantedToken {
  accessToken: string;
  expiresAt: Date;
}

export async function requestClientCredentialsToken({
  shopDomain,
  clientId,
  clientSecret,
  apiBase,
  now,
}: {
  shopDomain: string;
  clientId: string;
  clientSecret: string;
  apiBase?: string | undefined;
  now: Date;
}): Promise<GrantedToken> {
  const url = `${apiBase ?? `https://${shopDomain}`}/admin/oauth/access_token`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new ShopifyError('unreachable', `The store could not be reached (${(error as Error).message}).`);
  }
  if (response.status >= 500)
    throw new ShopifyError('unreachable', `The store did not answer (${response.status}).`);
  const body = (await response.json().catch(() => null)) as {
    access_token?: string;
    expires_in?: number;
  } | null;
  if (!response.ok || !body?.access_token) {
    throw new ShopifyError(
      'revoked',
      "The store refused the app's client ID and secret: check them in the Dev Dashboard and that the app is installed.",
    );
  }
  return {
    accessToken: body.access_token,
    expiresAt: new Date(now.getTime() + (body.expires_in ?? 86_399) * 1000),
  };
}
