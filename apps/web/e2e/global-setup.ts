import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startOauth2Peer } from '../../server/src/test/peers/oauth2-peer';
import { startOidcPeer } from '../../server/src/test/peers/oidc-peer';
import { E2E_PEERS, E2E_PORT } from './ports';

/**
 * The social providers' stand-ins for the browser tests: a real OpenID provider for the
 * Google-style button and the Graph-shaped OAuth 2 server for the Facebook-style one.
 */
export default async function globalSetup() {
  // CI starts the server tests on PostgreSQL beside the browser tests, from here (.ci/run).
  const reports = process.env.PINPOINT_TEST_REPORT_DIR;
  if (reports) writeFileSync(path.join(reports, 'browser-tests-started'), '');
  const redirect = (provider: string) => [
    `http://localhost:${E2E_PORT}/api/auth/social/${provider}/callback`,
  ];
  const client = { clientId: E2E_PEERS.clientId, clientSecret: E2E_PEERS.clientSecret };
  const google = await startOidcPeer(
    { ...client, redirectUris: redirect('google') },
    E2E_PEERS.googlePort,
  );
  const facebook = await startOauth2Peer(
    { ...client, redirectUris: redirect('facebook') },
    E2E_PEERS.facebookPort,
  );
  return async () => {
    await google.close();
    await facebook.close();
  };
}
