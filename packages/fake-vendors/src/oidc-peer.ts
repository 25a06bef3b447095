import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'oidc-provider';

export interface PeerClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface RunningPeer {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the `oidc-provider` package) playing the Google-style one. Its
 * development login form accepts any login: the login becomes the subject, and it is the
 * email too when it has an "@". A login starting with "unverified" gets email_verified false.
 */
export async function startOidcPeer(client: PeerClient, port = 0): Promise<RunningPeer> {
  // The issuer must be known before the provider exists, so the port is bound first.
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    cookies: { keys: ['pinpoint-test-peer-only'] },
    // Like Google: the ID token itself carries the email and profile claims.
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      const email = id.includes('@') ? id.toLowerCase() : `${id.toLowerCase()}@example.test`;
      const local = email.split('@')[0] ?? 'someone';
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email,
          email_verified: !id.startsWith('unverified'),
          name: `${local.charAt(0).toUpperCase()}${local.slice(1)} Tester`,
          given_name: `${local.charAt(0).toUpperCase()}${local.slice(1)}`,
          family_name: 'Tester',
        }),
      };
    },
  });
  handler = provider.callback();
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
