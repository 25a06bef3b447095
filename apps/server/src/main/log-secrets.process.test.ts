import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '@pinpoint/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from '../test/spawn-server';

/**
 * No secret in any log line (issue 8): a real server process with the demo agency, logging
 * every request, goes through the moments that handle secrets (a sign-in, a failed one,
 * signed share links opened by their token) and its whole output is searched for each of
 * them. The server runs on PGlite whatever DATABASE_URL says (spawnServer), in either
 * environment.
 */
describe('secrets in the logs', () => {
  let server: SpawnedServer;
  const linkSecret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    server = spawnServer({
      PINPOINT_DEMO: '1',
      LOG_LEVEL: 'debug',
      PINPOINT_LINK_SECRET: linkSecret,
    });
    await server.ready;
  }, 180_000); // a server seeding the demo agency: about 25 s alone, far longer beside other work
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it('never writes a password, session token, link token or the link secret', async () => {
    const base = `http://localhost:${await server.ready}`;
    const json = { 'content-type': 'application/json', origin: base };
    const wrongPassword = `wrong-${randomBytes(6).toString('hex')}`;
    const failed = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'client@demo.pinpoint.local', password: wrongPassword }),
    });
    expect(failed.status).toBe(401);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'client@demo.pinpoint.local', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const sessionToken = cookie.split('=')[1] ?? '';
    expect(sessionToken.length).toBeGreaterThan(20);
    const headers = { ...json, cookie };

    const clients = (await (await fetch(`${base}/api/uni/user/clients`, { headers })).json()) as {
      clients: { id: number }[];
    };
    const companyId = clients.clients[0]?.id ?? 0;
    const alertsLink = await fetch(`${base}/api/alerts/${companyId}/share-link`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ days: 1 }),
    });
    expect(alertsLink.status).toBe(200);
    const alertsToken =
      new URL(((await alertsLink.json()) as { url: string }).url).searchParams.get('token') ?? '';
    expect((await fetch(`${base}/api/public/alerts?token=${alertsToken}`)).status).toBe(200);

    const latest = (await (
      await fetch(`${base}/api/localrank/latest/four?companyId=${companyId}`, { headers })
    ).json()) as { scans: { id: number }[] };
    const scanLink = await fetch(`${base}/api/localrank/share/${latest.scans[0]?.id}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ days: 1 }),
    });
    expect(scanLink.status).toBe(200);
    const scanToken =
      new URL(((await scanLink.json()) as { url: string }).url).searchParams.get('token') ?? '';
    expect((await fetch(`${base}/api/public/scan?token=${scanToken}`)).status).toBe(200);
    // The page a shared alerts link opens: logged like any request (its answer depends on
    // whether the web app is built yet, which this test does not need).
    await (await fetch(`${base}/my-alerts?token=${alertsToken}`)).arrayBuffer();

    // Stop the server and wait for its output pipes to close: then every line it wrote,
    // including those of the shutdown, has been read.
    const outputClosed = new Promise((resolve) => server.child.once('close', resolve));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await outputClosed;
    const output = server.output();
    // The run did log its requests, so the absence below means something.
    expect(output).toContain('/api/public/scan?token=');
    const secrets = {
      'the demo password': DEMO_PASSWORD,
      'a mistyped password': wrongPassword,
      'the session token': sessionToken,
      "an alerts link's signature": alertsToken.split('.')[1] ?? '',
      "a scan link's signature": scanToken.split('.')[1] ?? '',
      'the link secret': linkSecret,
    };
    const found = Object.entries(secrets)
      .filter(([, secret]) => secret.length > 0 && output.includes(secret))
      .map(([name]) => name);
    expect(found).toEqual([]);
  }, 60_000);
});
