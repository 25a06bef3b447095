import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { closeServer } from './peer-http';

/** A 1×1 PNG. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A 64 KB "photo": PNG's signature, then filler (what the proxy checks is the signature). */
export const PHOTO_BYTES = (() => {
  const bytes = Buffer.alloc(64 * 1024, 7);
  bytes.set(PIXEL_PNG.subarray(0, 8));
  return bytes;
})();

/** Where the trusted vendor image host listens; its port is also every trap's port. */
export const IMAGE_HOST_ADDRESS = '127.0.0.2';
/** Where the traps (stand-ins for private services) listen. */
export const TRAP_ADDRESS = '127.0.0.1';

export interface ImageHostRequest {
  host: string;
  path: string;
}

export interface RunningImageHost {
  port: number;
  /** PEM of the self-signed certificate the fetcher must trust. */
  ca: string;
  /** Requests the vendor host served. */
  requests: ImageHostRequest[];
  /** Connections that reached the trap: each one is a request outside the allow-list. */
  trapped: ImageHostRequest[];
  close(): Promise<void>;
}

/** Names the certificate covers (the allow-listed hosts a test maps to this host). */
const CERT_NAMES = [
  'lh3.googleusercontent.com',
  'lh4.googleusercontent.com',
  'lh5.googleusercontent.com',
  'lh6.googleusercontent.com',
  '*.fbcdn.net',
  'platform-lookaside.fbsbx.com',
];

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pinpoint-image-host-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=lh3.googleusercontent.com',
        '-addext',
        `subjectAltName=${CERT_NAMES.map((n) => `DNS:${n}`).join(',')}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A vendor image host over https (self-signed) with the answers a hostile or broken host
 * gives: images, redirects into private and foreign hosts, HTML and SVG labelled as images,
 * oversize bodies, a slow drip. Beside it, on the same port of 127.0.0.1, a trap (a
 * stand-in for a private service) counts every connection it gets: a fetcher that obeys
 * its rules leaves it at zero.
 */
export async function startImageHost(): Promise<RunningImageHost> {
  const { key, cert } = selfSignedCertificate();
  const requests: ImageHostRequest[] = [];
  const trapped: ImageHostRequest[] = [];
  let port = 0;

  const host = https.createServer({ key, cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://image.host');
    requests.push({ host: req.headers.host ?? '', path: url.pathname });
    const redirect = (location: string) => {
      res.writeHead(302, { location });
      res.end();
    };
    const route = url.pathname;
    if (route.startsWith('/photo/')) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=600' });
      res.end(PHOTO_BYTES);
    } else if (route.startsWith('/img/')) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=600' });
      res.end(PIXEL_PNG);
    } else if (route === '/redirect/ok')
      redirect(`https://lh3.googleusercontent.com:${port}/img/a`);
    else if (route === '/redirect/private-name')
      redirect(`https://lh4.googleusercontent.com:${port}/img/a`);
    else if (route === '/redirect/ip') redirect(`https://${TRAP_ADDRESS}:${port}/img/a`);
    else if (route === '/redirect/http') redirect(`http://lh3.googleusercontent.com:${port}/img/a`);
    else if (route === '/redirect/foreign') redirect(`https://evil.example:${port}/img/a`);
    else if (route === '/redirect/metadata') redirect('https://169.254.169.254/latest/meta-data');
    else if (route === '/redirect/loop')
      redirect(`https://lh3.googleusercontent.com:${port}${route}`);
    else if (route === '/html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><script>alert(1)</script></html>');
    } else if (route === '/svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    } else if (route === '/fake-png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('<html>not a picture</html>');
    } else if (route === '/big') {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      chunk.set(PIXEL_PNG.subarray(0, 8));
      let sent = 0;
      const pump = () => {
        while (sent < 11 && res.write(chunk)) sent++;
        if (sent >= 11) res.end();
        else res.once('drain', pump);
      };
      pump();
    } else if (route === '/drip') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PIXEL_PNG.subarray(0, 4));
      // Never finishes: the fetcher's idle timeout has to end it.
      const timer = setInterval(() => res.write(Buffer.from([0])), 10_000);
      res.on('close', () => clearInterval(timer));
    } else {
      res.writeHead(Number(/^\/status\/(\d{3})$/.exec(route)?.[1] ?? 404));
      res.end();
    }
  });
  await new Promise<void>((resolve) => host.listen(0, IMAGE_HOST_ADDRESS, resolve));
  port = (host.address() as AddressInfo).port;

  // The trap holds the vendor host's port on 127.0.0.1 and counts every connection, TLS
  // or not, so even a plain-http slip or a refused handshake is a request outside the list.
  const trap = https.createServer({ key, cert }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PIXEL_PNG);
  });
  trap.on('connection', (socket: Socket) => {
    trapped.push({ host: `${socket.localAddress}:${socket.localPort}`, path: '' });
  });
  await new Promise<void>((resolve) => trap.listen(port, TRAP_ADDRESS, resolve));

  return {
    port,
    ca: cert,
    requests,
    trapped,
    async close() {
      await Promise.all([closeServer(host), closeServer(trap)]);
    },
  };
}
