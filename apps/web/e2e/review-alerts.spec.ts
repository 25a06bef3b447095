import { encodeId } from '@pinpoint/contracts';
import {
  GBP_PEER_TOKEN,
  type RunningGoogleBusinessPeer,
  startGoogleBusinessPeer,
} from '@pinpoint/fake-vendors/google-business-peer';
import { type SpawnedServer, spawnServer } from '../../server/src/test/spawn-server';
import { expect, test } from './fixtures';
import { logIn } from './session';

/**
 * Issue 15: a 1-star review that the vendor's next sync brings raises an alert and shows on
 * the client's open reviews page without a reload. This needs the live Business Profile
 * adapter against a local fake of the API, so it runs its own server (with the demo
 * agency) beside the suite's; the suite's server keeps the demo adapters.
 */
test.describe.configure({ timeout: 180_000 });

let peer: RunningGoogleBusinessPeer;
let server: SpawnedServer;
let baseURL = '';

test.beforeAll(async () => {
  // Its own server seeds the whole demo agency first (about 20 s idle; over a minute on a
  // loaded machine): the hook gets the tests' time limit, not the default.
  test.setTimeout(180_000);
  peer = await startGoogleBusinessPeer();
  server = spawnServer({
    NODE_ENV: 'test',
    HOST: 'localhost',
    LOG_LEVEL: 'warn',
    PINPOINT_DEMO: '1',
    PINPOINT_JOBS: '1',
    GBP_PROVIDER: 'live',
    GBP_API_URL: peer.base,
    // The listing and daily-metrics APIs live on hosts of their own; here they are the
    // same fake, which has no such location (404s, not outages that would open the
    // vendor's circuit and pause the reviews sync too).
    GBP_BUSINESS_INFO_URL: peer.base,
    GBP_PERFORMANCE_URL: peer.base,
    ...(process.env.WEB_DIST_DIR && { WEB_DIST_DIR: process.env.WEB_DIST_DIR }),
  });
  baseURL = `http://localhost:${await server.ready}`;
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await peer?.close();
});

test('a 1-star review from the next sync raises an alert and appears live', async ({ browser }) => {
  const clientContext = await browser.newContext({ baseURL });
  const staffContext = await browser.newContext({ baseURL });
  const client = await clientContext.newPage();
  const staff = await staffContext.newPage();
  // A server of this spec's own (its own database): the run's stored sessions are not its.
  await logIn(client, 'client@demo.pinpoint.local');
  await logIn(staff, 'employee@demo.pinpoint.local');

  // Summit's Business Profile location, as staff see it.
  const clients = await (await client.request.get('/api/uni/user/clients')).json();
  const summit = clients.clients.find((c: { name: string }) => c.name.startsWith('Summit'));
  const connections = await (
    await staff.request.get(`/api/uni/client/${summit.id}/connections`)
  ).json();
  const google = connections.items.find(
    (c: { vendor: string }) => c.vendor === 'google-business-profile',
  );
  expect(google.externalAccount).toMatch(/^accounts\/\d+\/locations\/\d+$/);

  await client.goto('/dashboard/products/reviews');
  await expect(client.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(client.getByText('Nobody came to fix the leak')).toHaveCount(0);

  // Staff give the connection its token (write-only) and sync now.
  await staff.goto(`/dashboard/profile/${encodeId(summit.id)}`);
  const row = staff.getByTestId(`connection-${google.id}`);
  await row.getByRole('button', { name: 'Edit' }).click();
  await staff.getByLabel('Access token').fill(GBP_PEER_TOKEN);
  await staff.getByRole('button', { name: 'Save connection' }).click();
  await expect(staff.getByLabel('Access token')).toHaveCount(0);

  peer.addReview(google.externalAccount, {
    reviewerName: 'Dana Wolfe',
    starRating: 1,
    comment: 'Nobody came to fix the leak, twice.',
  });
  await row.getByRole('button', { name: 'Sync now' }).click();
  await expect(row).toContainText('Reviews: Synced: 1 new or changed');

  // The client's page got it live: the review, and the alert's toast.
  await expect(client.getByText('Nobody came to fix the leak, twice.')).toBeVisible();
  await expect(client.getByText('1-star review from Dana Wolfe')).toBeVisible();
  await client.goto('/dashboard/my-alerts');
  await expect(
    client.getByRole('heading', { name: '1-star review from Dana Wolfe' }),
  ).toBeVisible();

  await clientContext.close();
  await staffContext.close();
});
