/** Where the browser tests' server and its social-provider stand-ins listen. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);

export const E2E_PEERS = {
  googlePort: E2E_PORT - 1,
  facebookPort: E2E_PORT - 2,
  clientId: 'pinpoint-e2e',
  clientSecret: 'e2e-peer-secret',
};
