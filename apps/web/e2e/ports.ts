/** Where the browser tests' server and its social-provider stand-ins listen. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);

export const E2E_PEERS = {
  googlePort: E2E_PORT - 1,
  facebookPort: E2E_PORT - 2,
  clientId: 'pinpoint-e2e',
  clientSecret: 'e2e-peer-secret',
  /** The fake Stripe (issue 19's payments): its API and hosted checkout page. */
  stripePort: E2E_PORT - 3,
  stripeSecretKey: 'sk_test_e2epinpoint',
  stripeWebhookSecret: 'whsec_e2epinpoint',
  /** A real SMTP server (issue 20): every email the server sends lands there. */
  smtpPort: E2E_PORT - 4,
  /** Its inbox over HTTP (`GET /mails?to=`), for the tests' worker processes. */
  smtpInboxPort: E2E_PORT - 5,
  /** The fake Twilio Messages API (issue 20's review requests by SMS); `GET /texts?to=`. */
  twilioPort: E2E_PORT - 6,
  twilioAccountSid: 'AC0123456789abcdef0123456789abcdef',
  twilioAuthToken: 'e2e-twilio-auth-token',
  twilioFrom: '+15125550199',
};
