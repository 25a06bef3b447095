import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../kernel/lib/app-error';
import { createGuardedLookup } from '../../kernel/net/guarded-lookup';
import { checkSite } from './site-check';
import { PRIVATE_ADDRESS_MESSAGE, validateSiteUrl } from './site-url-policy';

/** A real local site: `/ok` 200, `/moved` 301, `/broken` 503, `/missing` 404, `/hang` never answers. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/hang') return; // no answer: the checker's timeout decides
    const status =
      request.url === '/broken'
        ? 503
        : request.url === '/missing'
          ? 404
          : request.url === '/moved'
            ? 301
            : 200;
    response.writeHead(status, status === 301 ? { location: '/ok' } : {}).end('site');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// The local site is on 127.0.0.1, which only a demo site on the app's own origin may use.
const trusted = { trustAddress: true, timeoutMs: 2_000 };

describe('checkSite against a real HTTP server', () => {
  it('is up on 2xx and 3xx, with a status code and a response time', async () => {
    const ok = await checkSite(`${base}/ok`, trusted);
    expect(ok).toMatchObject({ up: true, statusCode: 200, errorKind: null, tlsExpiresAt: null });
    expect(ok.responseMs).toBeGreaterThanOrEqual(0);
    expect(await checkSite(`${base}/moved`, trusted)).toMatchObject({ up: true, statusCode: 301 });
  });

  it('is down on 5xx and 4xx, classified', async () => {
    expect(await checkSite(`${base}/broken`, trusted)).toMatchObject({
      up: false,
      statusCode: 503,
      errorKind: 'http_5xx',
    });
    expect(await checkSite(`${base}/missing`, trusted)).toMatchObject({
      up: false,
      statusCode: 404,
      errorKind: 'http_4xx',
    });
  });

  it('times out when the site never answers', async () => {
    const result = await checkSite(`${base}/hang`, { trustAddress: true, timeoutMs: 300 });
    expect(result).toMatchObject({ up: false, statusCode: null, errorKind: 'timeout' });
  });

  it('says refused when nothing listens, and dns when the name does not resolve', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await checkSite(`http://127.0.0.1:${port}/`, trusted)).toMatchObject({
      up: false,
      errorKind: 'refused',
    });
    const failing = createGuardedLookup(async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    });
    expect(
      await checkSite('http://no-such-site.example/', { lookup: failing, timeoutMs: 2_000 }),
    ).toMatchObject({ up: false, errorKind: 'dns' });
  });
});

describe('the checker never reaches private addresses (SSRF)', () => {
  it.each([
    'http://127.0.0.1/',
    'http://10.1.2.3/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://192.168.0.10:8080/',
  ])('refuses %s before connecting', async (url) => {
    expect(await checkSite(url, { timeoutMs: 2_000 })).toMatchObject({
      up: false,
      errorKind: 'blocked',
    });
  });

  it('refuses a host name that resolves to a private address, at connect time', async () => {
    // The name resolves to the local server itself: reachable, but refused by the lookup.
    const rebinding = createGuardedLookup(async () => ['127.0.0.1']);
    const port = new URL(base).port;
    expect(
      await checkSite(`http://rebinding.example:${port}/ok`, {
        lookup: rebinding,
        timeoutMs: 2_000,
      }),
    ).toMatchObject({ up: false, errorKind: 'blocked' });
    const metadata = createGuardedLookup(async () => ['169.254.169.254']);
    expect(
      await checkSite('http://metadata.example/', { lookup: metadata, timeoutMs: 2_000 }),
    ).toMatchObject({ up: false, errorKind: 'blocked' });
  });

  it('does not check other schemes', async () => {
    expect(await checkSite('ftp://example.com/', { timeoutMs: 500 })).toMatchObject({
      errorKind: 'blocked',
    });
  });
});

describe('validateSiteUrl (what staff may enter)', () => {
  const publicDns = async () => ['93.184.216.34'];
  const messageOf = async (url: string, resolve = publicDns) => {
    try {
      await validateSiteUrl(url, resolve);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).message;
    }
  };

  it('accepts a public http(s) site', async () => {
    expect(await validateSiteUrl('https://www.example.com/home', publicDns)).toBe(
      'https://www.example.com/home',
    );
  });

  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.8/',
    'http://172.16.4.1/',
    'http://169.254.169.254/',
    'http://[::1]/',
    'http://[fe80::1]/',
  ])('refuses %s as a private address', async (url) => {
    expect(await messageOf(url)).toBe(PRIVATE_ADDRESS_MESSAGE);
  });

  it('refuses a name resolving to a private address (and localhost, really resolved)', async () => {
    expect(await messageOf('https://intranet.example.com/', async () => ['10.9.8.7'])).toBe(
      PRIVATE_ADDRESS_MESSAGE,
    );
    expect(
      await messageOf('https://mixed.example.com/', async () => ['93.184.216.34', '127.0.0.1']),
    ).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(await messageOf('http://localhost.localdomain.test/', async () => ['::1'])).toBe(
      PRIVATE_ADDRESS_MESSAGE,
    );
  });

  it('refuses other schemes, credentials and garbage with a reason', async () => {
    expect(await messageOf('ftp://example.com/')).toMatch(/http:\/\/ or https:\/\//);
    expect(await messageOf('javascript:alert(1)')).toMatch(/http:\/\/ or https:\/\//);
    expect(await messageOf('https://user:pw@example.com/')).toMatch(/user name or password/);
    expect(await messageOf('not a url')).toMatch(/not a valid web address/);
    expect(
      await messageOf('https://gone.example.com/', async () => {
        throw new Error('ENOTFOUND');
      }),
    ).toMatch(/does not resolve/);
  });
});
