import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from './site-check';

/** A real https site with a fresh self-signed certificate (openssl) valid for 30 days. */
let server: Server;
let base: string;
let cert: Buffer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pinpoint-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '30',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(path.join(dir, 'cert.pem'));
  server = createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert }, (_req, res) =>
    res.writeHead(200).end('secure site'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('checkSite over https', () => {
  it('reads the peer certificate’s expiry', async () => {
    const result = await checkSite(`${base}/`, { trustAddress: true, ca: cert, timeoutMs: 5_000 });
    expect(result).toMatchObject({ up: true, statusCode: 200, errorKind: null });
    const days = ((result.tlsExpiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('an untrusted certificate is a TLS failure (down)', async () => {
    const result = await checkSite(`${base}/`, { trustAddress: true, timeoutMs: 5_000 });
    expect(result).toMatchObject({ up: false, statusCode: null, errorKind: 'tls' });
  });
});
