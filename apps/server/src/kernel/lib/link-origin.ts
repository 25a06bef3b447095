import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The origin of links we email or text to people (activation, reset, review and
 * unsubscribe links): PUBLIC_URL, else the address this server listens on (development).
 * Never the request's Host header: a forged Host would otherwise put an attacker's site in
 * a password-reset email.
 */
export function linkOrigin(app: FastifyInstance, publicUrl: string | null): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const address = app.server.address() as AddressInfo | string | null;
  if (address && typeof address === 'object') {
    const host =
      address.address === '0.0.0.0' || address.address === '::' ? 'localhost' : address.address;
    return `http://${address.family === 'IPv6' && host !== 'localhost' ? `[${host}]` : host}:${address.port}`;
  }
  return 'http://localhost';
}
