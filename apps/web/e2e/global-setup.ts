import { rmSync } from 'node:fs';
import { startOauth2Peer } from '@pinpoint/fake-vendors/oauth2-peer';
import { startOidcPeer } from '@pinpoint/fake-vendors/oidc-peer';
import { serveSmtpInbox, startSmtpPeer } from '@pinpoint/fake-vendors/smtp-peer';
import { startStripePeer } from '@pinpoint/fake-vendors/stripe-peer';
import { startTwilioPeer } from '@pinpoint/fake-vendors/twilio-peer';
import { signInDemoAccounts } from './demo-sessions';
import { E2E_PEERS, E2E_PORT } from './ports';

/**
 * The browser tests' peers: a real OpenID provider for the Google-style button, the
 * Graph-shaped OAuth 2 server for the Facebook-style one, Stripe, SMTP and Twilio fakes;
 * and one signed-in session per demo account (demo-sessions.ts).
 */
export default async function globalSetup() {
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
  // The web server is up before global setup runs: one session per demo account, reused.
  const sessions = await signInDemoAccounts();
  return async () => {
    rmSync(sessions, { force: true });
    await twilio.close();
    await inbox.close();
    await smtp.close();
    await google.close();
    await facebook.close();
    await stripe.close();
  };
}
