import { randomBytes } from 'node:crypto';

/**
 * The stand-in's client credentials grant, as "Using the client credentials grant" documents it
 * (https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/client-credentials-grant):
 * form grant_type=client_credentials, client_id, client_secret -> 200 { access_token, scope, expires_in }; a wrong
 * pair is 400 { error: "invalid_client" }.
 */
export function grantToken(
  form: URLSearchParams,
  app: { clientId: string; clientSecret: string },
  expiresIn = 86_399,
): { status: number; body: unknown; token?: string } {
  if (
    form.get('grant_type') !== 'client_credentials' ||
    form.get('client_id') !== app.clientId ||
    form.get('client_secret') !== app.clientSecret
  ) {
    return {
      status: 400,
      body: { error: 'invalid_client', error_description: 'Client authentication failed' },
    };
  }
  const token = `shpat_granted_${randomBytes(8).toString('hex')}`;
  return {
    status: 200,
    token,
    body: {
      access_token: token,
      scope: 'read_products,write_orders,read_fulfillments',
      expires_in: expiresIn,
    },
  };
}
