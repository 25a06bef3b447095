/**
 * DECISIONS.md "Hosts": the dev hosts, where the dev-only pages exist and the login page
 * lists the demo accounts.
 */
export function isDevHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host === '127.0.0.1' ||
    host === '[::1]' ||
    host === '::1' ||
    host.startsWith('dev.')
  );
}
