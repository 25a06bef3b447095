import type { AuthResponse } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { tryAgainPath } from './try-again';

function auth(clientId: number | null, lead: boolean): AuthResponse {
  const client = clientId ? { client_id: clientId, name: 'Acme', label: 'Acme' } : null;
  return {
    session: { exp: 0, perm: false, admin: false, lead, clients: client ? [client] : [], client },
    user: {
      clientId,
      index: 0,
      clientLabel: client?.label ?? null,
      client,
      email: 'x@example.test',
      firstName: 'X',
      lastName: 'Y',
      perm: false,
      admin: false,
      lead,
      phoneExt: null,
      auth_type: 'password',
    },
  };
}

describe('"Try again" on the error screen', () => {
  it('goes to /dashboard with a client id, /trial for a lead, / otherwise', () => {
    expect(tryAgainPath(auth(7, false))).toBe('/dashboard');
    expect(tryAgainPath(auth(null, true))).toBe('/trial');
    expect(tryAgainPath(auth(null, false))).toBe('/');
    expect(tryAgainPath(null)).toBe('/');
  });
});
