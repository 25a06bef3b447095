import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_PEERS, E2E_PORT } from './e2e/ports';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const port = E2E_PORT;
const facebook = `http://127.0.0.1:${E2E_PEERS.facebookPort}/v19.0`;
// A data folder of the run's own, so browser tests never touch the developer's ./data.
const dataDir = path.join(os.tmpdir(), `pinpoint-e2e-${process.pid}`);

/**
 * Browser tests in Debian's Chromium (no browser download is possible here), against the
 * real server serving the built app, exactly as `npm start` runs it.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // One test at a time (docs/browser-tests.md): on two cores the server, Chromium and the runner
  // already fill the machine. Under `npm run test:stress` two workers finished the suite in
  // 6.4 min against 7.5 min for one, but every test took 1.7 times as long (the slowest 24 s
  // against 14 s), so one worker leaves each test far more of its time limit.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PINPOINT_TEST_REPORT_DIR
    ? [
        ['list'],
        ['json', { outputFile: path.join(process.env.PINPOINT_TEST_REPORT_DIR, 'browser.json') }],
      ]
    : [['list']],
  // Bounded, so a hang still fails, with room for a slow machine: the slowest test takes
  // about 14 s under the stress load, a quarter of its limit. Waits for a state get 15 s
  // (a cold page can take over 3 s on an idle machine), actions 20 s, navigations 30 s.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node --import tsx apps/server/src/main/server.ts',
    cwd: repoRoot,
    url: `http://localhost:${port}/readyz`,
    // Start, migrate and seed the demo agency: 20–30 s on an idle machine; 177 s was seen
    // with both cores busy, so the bound is for a hang, not for a slow machine.
    timeout: 300_000,
    reuseExistingServer: false,
    // Warnings and errors only (LOG_LEVEL): a failing run shows what the server said.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: 'localhost',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PINPOINT_DATA_DIR: dataDir,
      DATABASE_URL: '',
      // NODE_ENV=test turns the health sampler off; the status page's test wants history.
      PINPOINT_HEALTH_SAMPLER: '1',
      // Rank grid scans run as background jobs; the browser tests watch them finish.
      PINPOINT_JOBS: '1',
      // Lets two checkouts' runs (or two people on one machine) serve their own builds.
      ...(process.env.WEB_DIST_DIR && { WEB_DIST_DIR: process.env.WEB_DIST_DIR }),
      GOOGLE_OIDC_ISSUER: `http://127.0.0.1:${E2E_PEERS.googlePort}`,
      GOOGLE_CLIENT_ID: E2E_PEERS.clientId,
      GOOGLE_CLIENT_SECRET: E2E_PEERS.clientSecret,
      FACEBOOK_AUTHORIZE_URL: `${facebook}/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${facebook}/oauth/access_token`,
      FACEBOOK_PROFILE_URL: `${facebook}/me`,
      FACEBOOK_CLIENT_ID: E2E_PEERS.clientId,
      FACEBOOK_CLIENT_SECRET: E2E_PEERS.clientSecret,
      // "Pay now" goes through Stripe Checkout, played by the fake in global-setup.
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_API_URL: `http://127.0.0.1:${E2E_PEERS.stripePort}`,
      STRIPE_SECRET_KEY: E2E_PEERS.stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: E2E_PEERS.stripeWebhookSecret,
      // The origin of links in emails and texts (activation, reset, review links).
      PUBLIC_URL: `http://localhost:${port}`,
      // Account emails and review requests go to the real SMTP server in global-setup.
      SMTP_URL: `smtp://127.0.0.1:${E2E_PEERS.smtpPort}`,
      MAIL_FROM: 'Pinpoint <no-reply@pinpoint.test>',
      // Review requests by text go to the fake Twilio in global-setup; its callbacks come back.
      SMS_PROVIDER: 'twilio',
      TWILIO_API_URL: `http://127.0.0.1:${E2E_PEERS.twilioPort}`,
      TWILIO_ACCOUNT_SID: E2E_PEERS.twilioAccountSid,
      TWILIO_AUTH_TOKEN: E2E_PEERS.twilioAuthToken,
      TWILIO_FROM: E2E_PEERS.twilioFrom,
    },
  },
});
