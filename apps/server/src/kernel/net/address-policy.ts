import ipaddr from 'ipaddr.js';

/**
 * The vendor image hosts the proxy fetches from by default (DECISIONS.md "Image proxy"):
 * Google's photo and Street View hosts and Meta's CDNs. `*.` matches any subdomain depth.
 * IMAGE_PROXY_HOSTS (a comma list) replaces them.
 */
export const DEFAULT_IMAGE_PROXY_HOSTS = [
  'lh3.googleusercontent.com',
  'lh4.googleusercontent.com',
  'lh5.googleusercontent.com',
  'lh6.googleusercontent.com',
  'streetviewpixels-pa.googleapis.com',
  'maps.gstatic.com',
  '*.fbcdn.net',
  'platform-lookaside.fbsbx.com',
] as const;

const HOST_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

/** IMAGE_PROXY_HOSTS → its patterns; a malformed entry stops the start (config.ts). */
export function parseImageProxyHosts(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [...DEFAULT_IMAGE_PROXY_HOSTS];
  const hosts = value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (!HOST_PATTERN.test(host)) {
      throw new Error(`IMAGE_PROXY_HOSTS: "${host}" is not a host name (or *.domain)`);
    }
  }
  return hosts;
}

/** Whether a URL's host name is on the allow-list (exact, or a subdomain of a `*.` entry). */
export function hostAllowed(hostname: string, patterns: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return patterns.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern,
  );
}

/**
 * Whether an address may be connected to: public unicast only. Refused: private (10/8,
 * 172.16/12, 192.168/16), loopback, link-local (incl. 169.254.169.254, the cloud metadata
 * address), carrier-grade NAT, unspecified, broadcast, multicast, reserved and benchmark
 * ranges, IPv6 unique-local and site-local, and IPv4 hidden in IPv6 (mapped, NAT64, 6to4,
 * Teredo), judged by the IPv4 address inside where there is one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.range() !== 'unicast') return false;
    // fec0::/10, site-local: deprecated, still routed privately on some networks.
    else if (v6.match(ipaddr.parse('fec0::') as ipaddr.IPv6, 10)) return false;
  }
  return parsed.range() === 'unicast';
}
