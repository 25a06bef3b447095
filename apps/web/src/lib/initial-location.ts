/**
 * What to do with the address the app was opened at, before the router starts (SPEC §1):
 * a `www.` host is sent to the same address without it, hash part kept; a legacy hash
 * route such as `/#/dashboard/overview` becomes the path `/dashboard/overview`.
 */
export type InitialLocationAction =
  | { kind: 'redirect'; url: string }
  | { kind: 'replace'; path: string }
  | { kind: 'none' };

export function initialLocationAction(location: {
  href: string;
  hostname: string;
  hash: string;
}): InitialLocationAction {
  if (location.hostname.startsWith('www.')) {
    const url = new URL(location.href);
    url.hostname = location.hostname.slice(4);
    return { kind: 'redirect', url: url.toString() };
  }
  if (location.hash.startsWith('#/')) {
    return { kind: 'replace', path: location.hash.slice(1) };
  }
  return { kind: 'none' };
}
