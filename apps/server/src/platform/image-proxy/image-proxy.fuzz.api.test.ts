import {
  IMAGE_HOST_ADDRESS,
  PIXEL_PNG,
  type RunningImageHost,
  startImageHost,
  TRAP_ADDRESS,
} from '@pinpoint/fake-vendors/image-host-peer';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../kernel/db/schema';
import { isPublicAddress } from '../../kernel/net/address-policy';
import { createTestApp, sessionCookieOf } from '../../test/test-app';

/**
 * The image proxy against 1,000+ hostile addresses (issue 16): private and special ranges
 * in every spelling, allow-listed names whose DNS answers private addresses, redirects into
 * them, foreign hosts, wrong schemes and ports, non-images, oversize and slow bodies. The
 * one trusted upstream is a local https host that the injected DNS gives the allow-listed
 * `lh3.googleusercontent.com`; a trap on the same port of 127.0.0.1 counts every
 * connection that reaches it. The run must end with 0 of them.
 */
let app: FastifyInstance;
let host: RunningImageHost;
let cookie = '';
const resolved: string[] = [];

/** What the injected DNS answers: the good host, and allow-listed names gone bad. */
const DNS: Record<string, string[]> = {
  'lh3.googleusercontent.com': [IMAGE_HOST_ADDRESS],
  'lh4.googleusercontent.com': [TRAP_ADDRESS],
  'lh5.googleusercontent.com': ['10.0.0.5'],
  'lh6.googleusercontent.com': ['169.254.169.254'],
  'a.fbcdn.net': ['::1'],
  'b.fbcdn.net': ['::ffff:127.0.0.1'],
  'c.fbcdn.net': ['fd00::1'],
  'd.fbcdn.net': ['100.64.0.1'],
  'e.fbcdn.net': ['0.0.0.0'],
  'f.fbcdn.net': ['192.168.1.20', '172.16.4.4'],
  'g.fbcdn.net': ['fe80::1'],
  'h.fbcdn.net': ['64:ff9b::7f00:1'],
  'i.fbcdn.net': ['2002:7f00:1::'],
  'platform-lookaside.fbsbx.com': ['127.0.0.53'],
};

beforeAll(async () => {
  host = await startImageHost();
  ({ app } = await createTestApp({
    config: {
      imageProxyHosts: [
        'lh3.googleusercontent.com',
        'lh4.googleusercontent.com',
        'lh5.googleusercontent.com',
        'lh6.googleusercontent.com',
        '*.fbcdn.net',
        'platform-lookaside.fbsbx.com',
      ],
    },
    imageProxyFetcher: {
      resolve: async (name) => {
        resolved.push(name);
        // Any other name would be a lookup the rules should have stopped: answer the trap.
        return DNS[name] ?? [TRAP_ADDRESS];
      },
      // The one local address trusted, for the test's upstream only.
      addressAllowed: (address) => address === IMAGE_HOST_ADDRESS || isPublicAddress(address),
      allowedPorts: [host.port],
      ca: host.ca,
      limits: { idleMs: 300, deadlineMs: 2_000 },
    },
  }));
  const [user] = await app.database.db
    .insert(users)
    .values({ email: 'proxy-fuzz@p.test', firstName: 'Fuzz', lastName: 'Tester' })
    .returning();
  cookie = await sessionCookieOf(app, user?.id ?? 0);
});
afterAll(async () => {
  await app.close();
  await host.close();
});

const proxy = (url: string, withCookie = true) =>
  app.inject({
    method: 'GET',
    url: `/api/main/image/proxy?url=${encodeURIComponent(url)}`,
    headers: withCookie ? { cookie } : {},
  });

/** Private, loopback, link-local and special addresses, in the spellings URL parsers accept. */
const HOSTILE_HOSTS = [
  '127.0.0.1',
  '127.1',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '0x7f.0.0.1',
  '127.0.0.53',
  '10.0.0.1',
  '10.255.255.254',
  '172.16.0.1',
  '172.31.255.1',
  '192.168.0.1',
  '192.168.1.1',
  '169.254.169.254',
  '169.254.0.1',
  '0.0.0.0',
  '0',
  '100.64.0.1',
  '198.18.0.1',
  '224.0.0.1',
  '255.255.255.255',
  '[::1]',
  '[::]',
  '[fd00::1]',
  '[fc00::5]',
  '[fe80::1]',
  '[fec0::1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::ffff:a9fe:a9fe]',
  '[64:ff9b::7f00:1]',
  '[2002:7f00:1::]',
  '[2001:db8::1]',
  'localhost',
  'localhost.',
  'metadata.google.internal',
  'lh3.googleusercontent.com.evil.example',
  'googleusercontent.com',
  'xfbcdn.net',
  'fbcdn.net',
  'evil.example',
  'lh4.googleusercontent.com',
  'lh5.googleusercontent.com',
  'lh6.googleusercontent.com',
  'a.fbcdn.net',
  'b.fbcdn.net',
  'c.fbcdn.net',
  'd.fbcdn.net',
  'e.fbcdn.net',
  'f.fbcdn.net',
  'g.fbcdn.net',
  'h.fbcdn.net',
  'i.fbcdn.net',
  'platform-lookaside.fbsbx.com',
];

function hostileUrls(port: number): string[] {
  const urls: string[] = [];
  const ports = [`:${port}`, '', ':443', ':80', ':8080'];
  const paths = ['/img/a', '/latest/meta-data/', '/?x=1', '/%2e%2e/admin'];
  for (const hostName of HOSTILE_HOSTS) {
    for (const p of ports) {
      for (const path of paths) urls.push(`https://${hostName}${p}${path}`);
      urls.push(`http://${hostName}${p}/img/a`);
    }
  }
  // The good host, with credentials, another scheme or another port.
  const good = `lh3.googleusercontent.com:${port}`;
  urls.push(
    `https://user:pass@${good}/img/a`,
    `https://${TRAP_ADDRESS}:${port}@lh3.googleusercontent.com/img/a`,
    `https://lh3.googleusercontent.com@${TRAP_ADDRESS}:${port}/img/a`,
    `http://${good}/img/a`,
    `https://lh3.googleusercontent.com:${port + 1}/img/a`,
    `ftp://${good}/img/a`,
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:text/html,<script>alert(1)</script>',
    '//lh3.googleusercontent.com/img/a',
    'not a url',
  );
  // The good host answering badly: redirects into private and foreign places, non-images,
  // oversize and slow bodies, errors.
  for (const path of [
    '/redirect/private-name',
    '/redirect/ip',
    '/redirect/http',
    '/redirect/foreign',
    '/redirect/metadata',
    '/redirect/loop',
    '/html',
    '/svg',
    '/fake-png',
    '/status/500',
    '/status/404',
  ]) {
    urls.push(`https://${good}${path}`);
  }
  urls.push(`https://${good}/big`, `https://${good}/drip`);
  return urls;
}

describe('the image proxy', () => {
  it('serves an allow-listed image, typed by its bytes, cached, to signed-in users only', async () => {
    const url = `https://lh3.googleusercontent.com:${host.port}/img/cached`;
    expect((await proxy(url, false)).statusCode).toBe(401);
    const first = await proxy(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cache-control']).toBe('private, max-age=600');
    expect(first.rawPayload.equals(PIXEL_PNG)).toBe(true);
    const before = host.requests.length;
    expect((await proxy(url)).statusCode).toBe(200);
    expect(host.requests.length).toBe(before); // from the cache
    // A redirect within the allow-list is followed.
    expect(
      (await proxy(`https://lh3.googleusercontent.com:${host.port}/redirect/ok`)).statusCode,
    ).toBe(200);
  });

  it('refuses 1,000+ hostile addresses and answers; nothing reaches outside the allow-list', async () => {
    const urls = hostileUrls(host.port);
    expect(urls.length).toBeGreaterThanOrEqual(1_000);
    const statuses = new Map<number, number>();
    const served: string[] = [];
    for (const url of urls) {
      const res = await proxy(url);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode < 400) served.push(url);
      else expect(res.json().error.message).toEqual(expect.any(String));
    }
    process.stdout.write(
      `\n[image proxy fuzz] ${urls.length} hostile URLs: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(', ')}; trap connections: ${host.trapped.length}\n`,
    );
    expect(served).toEqual([]);
    expect(host.trapped).toEqual([]);
    // The upstream saw only its own allow-listed name.
    expect(new Set(host.requests.map((r) => r.host.split(':')[0]))).toEqual(
      new Set(['lh3.googleusercontent.com']),
    );
    // Only allow-listed names were ever looked up, and every one gone bad was looked up and
    // then refused where the connection is made (not merely stopped by the list).
    expect(resolved.filter((name) => !(name in DNS))).toEqual([]);
    for (const name of Object.keys(DNS)) expect(resolved).toContain(name);
  }, 120_000);
});
