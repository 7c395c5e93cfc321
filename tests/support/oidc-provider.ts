import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { closeHttpServer, listen } from './bounded';

export interface TestOidcUser {
  email: string;
  name: string;
  emailVerified?: boolean;
}

export interface TestOidcProvider {
  /** The issuer, e.g. http://127.0.0.1:40123. */
  issuer: string;
  /** For GOOGLE_DISCOVERY_URL. */
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (npm oidc-provider) on a random 127.0.0.1 port, standing in for Google in the
 * browser journeys. One confidential client whose only redirect is `${appUrl}/api/auth/callback/google`, PKCE
 * required, and its development login and consent pages: any login name with any password signs in, and the login
 * name becomes the subject (`sub`). Every subject gets the same profile, `user`.
 */
export async function startTestOidcProvider({
  appUrl,
  user,
}: {
  appUrl: string;
  user: TestOidcUser;
}): Promise<TestOidcProvider> {
  const clientId = 'mintbox-test-client';
  const clientSecret = randomBytes(24).toString('hex');

  // Listen first: the issuer must name the port.
  const server = createServer();
  await listen(server, 'the test OpenID provider');
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appUrl}/api/auth/callback/google`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // The email and profile claims go into the ID token too (Better Auth reads them from there).
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: user.email,
        email_verified: user.emailVerified ?? true,
        name: user.name,
      }),
    }),
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 86_400,
    },
  };

  const provider = new Provider(issuer, configuration);
  // Quiet: errors are shown to the browser; tests assert on what the app does.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error));
  server.on('request', provider.callback());

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    close: () => closeHttpServer(server, `the test OpenID provider on port ${port}`, undefined, 0),
  };
}
