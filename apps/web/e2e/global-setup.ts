import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startOauth2Peer } from '../../server/src/test/peers/oauth2-peer';
import { startOidcPeer } from '../../server/src/test/peers/oidc-peer';
import { serveSmtpInbox, startSmtpPeer } from '../../server/src/test/peers/smtp-peer';
import { startStripePeer } from '../../server/src/test/peers/stripe-peer';
import { startTwilioPeer } from '../../server/src/test/peers/twilio-peer';
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
  // The fake Stripe: "Pay" on its hosted page signs the event and POSTs it to the server.
  const stripe = await startStripePeer(
    {
      secretKey: E2E_PEERS.stripeSecretKey,
      webhookSecret: E2E_PEERS.stripeWebhookSecret,
      webhookUrl: `http://localhost:${E2E_PORT}/api/billing/stripe/webhook`,
    },
    E2E_PEERS.stripePort,
  );
  // Every email the server sends (SMTP_URL), readable by the tests at smtpInboxPort.
  const smtp = await startSmtpPeer({}, E2E_PEERS.smtpPort);
  const inbox = await serveSmtpInbox(smtp, E2E_PEERS.smtpInboxPort);
  // The fake Twilio: texts land there (`GET /texts?to=`), and it reports queued → sent →
  // delivered to the StatusCallback the server gives (http://localhost:E2E_PORT/…), signed.
  const twilio = await startTwilioPeer(
    { accountSid: E2E_PEERS.twilioAccountSid, authToken: E2E_PEERS.twilioAuthToken },
    E2E_PEERS.twilioPort,
  );
  return async () => {
    await twilio.close();
    await inbox.close();
    await smtp.close();
    await google.close();
    await facebook.close();
    await stripe.close();
  };
}
