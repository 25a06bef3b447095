import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
let distDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinpoint-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg/>');
  // The build's precompressed copies (vite.config.ts), with marker contents.
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.br'), 'BROTLI');
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.gz'), 'GZIP');
  ({ app } = await createTestApp({ config: { webDistDir: distDir } }));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each([
    '/',
    '/dashboard/overview',
    '/dashboard/local-rank-grid/view/abc+1-xyz',
    '/no/such/page',
  ])('answers the deep link %s with index.html, never cached', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('serves hashed assets for a year and other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy a browser accepts, and the plain file otherwise', async () => {
    const asset = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.body).toBe('BROTLI');
    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('GZIP');
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers a missing file with 404, not the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it.each([
    '/../../etc/passwd',
    '/..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/%00',
  ])('never serves anything outside the build folder: %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.body).not.toContain('root:');
    if (res.statusCode === 200) expect(res.body).toBe(INDEX);
  });

  it('answers unknown API paths with JSON, not the app', async () => {
    for (const url of ['/api', '/api/unknown', '/database/unknown', '/ws/x']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('sends security headers with the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Both only mean something over https.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('sends HSTS and the opener policy when served over https', async () => {
    const { app: secure } = await createTestApp({
      config: { webDistDir: distDir, publicUrl: 'https://app.pinpoint.example' },
    });
    const res = await secure.inject({ method: 'GET', url: '/' });
    await secure.close();
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('before the web app is built', () => {
  it('says how to build it instead of failing obscurely', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'pinpoint-nodist-'));
    const { app: bare } = await createTestApp({ config: { webDistDir: empty } });
    const res = await bare.inject({ method: 'GET', url: '/dashboard/overview' });
    await bare.close();
    fs.rmSync(empty, { recursive: true, force: true });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toContain('npm run build');
  });
});
