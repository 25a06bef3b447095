import { badRequest } from '../../kernel/lib/app-error';
import { isPublicAddress } from '../../kernel/net/address-policy';
import { ipLiteralOf, resolveAll } from '../../kernel/net/guarded-lookup';

export const PRIVATE_ADDRESS_MESSAGE =
  'That address is refused: it points to a private, loopback or link-local address, which Pinpoint does not check.';

/**
 * A URL staff enter for a site: http(s) only, no credentials, and a host whose every address
 * is public. This is the early, friendly refusal; the checker's guarded lookup checks the
 * address again where each socket opens (a name may resolve elsewhere later).
 */
export async function validateSiteUrl(
  raw: string,
  resolve: (hostname: string) => Promise<string[]> = resolveAll,
): Promise<string> {
  const field = (message: string) => badRequest(message, [{ path: 'url', message }]);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw field('That is not a valid web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw field('Use an address that starts with http:// or https://.');
  }
  if (url.username || url.password)
    throw field('The address may not carry a user name or password.');
  const literal = ipLiteralOf(url);
  if (literal !== null) {
    if (!isPublicAddress(literal)) throw field(PRIVATE_ADDRESS_MESSAGE);
    return url.toString();
  }
  const host = url.hostname;
  if (!host.includes('.')) throw field('Use the site’s full domain name, e.g. example.com.');
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw field(`${host} does not resolve to an address.`);
  }
  if (addresses.length === 0) throw field(`${host} does not resolve to an address.`);
  if (!addresses.every(isPublicAddress)) throw field(PRIVATE_ADDRESS_MESSAGE);
  return url.toString();
}
