import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy';

/** The error code a refused address carries, so callers can tell it from a DNS failure. */
export const ADDRESS_REFUSED_CODE = 'PINPOINT_ADDRESS_REFUSED';

/** Every address a host name resolves to (the system resolver, as sockets use it). */
export async function resolveAll(hostname: string): Promise<string[]> {
  return (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
}

/**
 * A URL's host as a bare address when it is an IP literal (`[::1]` → `::1`), else null.
 * Sockets skip `lookup` for IP literals, so the guarded lookup never sees them: callers judge
 * these before connecting.
 */
export function ipLiteralOf(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

/**
 * A `lookup` for net/tls (and undici's connector) that answers only allowed addresses, so the
 * address is checked where the socket is opened: a name that resolves differently between
 * an earlier check and the connection (DNS rebinding) still cannot reach a private address.
 * Shared by the image proxy and the website uptime checker.
 */
export function createGuardedLookup(
  resolve: (hostname: string) => Promise<string[]> = resolveAll,
  addressAllowed: (address: string) => boolean = isPublicAddress,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const allowed = addresses.filter(addressAllowed);
        if (allowed.length === 0) {
          const error = Object.assign(new Error(`${hostname} resolves to no public address`), {
            code: ADDRESS_REFUSED_CODE,
          });
          callback(error, '', 0);
          return;
        }
        const entries = allowed.map((address) => ({
          address,
          family: address.includes(':') ? 6 : 4,
        }));
        if (options.all) callback(null, entries);
        else callback(null, entries[0]?.address ?? '', entries[0]?.family ?? 4);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
