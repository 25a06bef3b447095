import type { AuthResponse } from '@pinpoint/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore, isSessionValid, type KeyStore } from './session-store';

function memoryKeys(): KeyStore {
  let key: CryptoKey | null = null;
  return {
    get: async () => key,
    put: async (k) => {
      key = k;
    },
    clear: async () => {
      key = null;
    },
  };
}

const auth: AuthResponse = {
  session: {
    exp: Date.now() + 60_000,
    perm: false,
    admin: false,
    lead: false,
    clients: [],
    client: null,
  },
  user: {
    clientId: null,
    index: 0,
    clientLabel: null,
    client: null,
    email: 'client@demo.pinpoint.local',
    firstName: 'Casey',
    lastName: 'Client',
    perm: false,
    admin: false,
    lead: false,
    phoneExt: null,
    auth_type: 'password',
  },
};

beforeEach(() => localStorage.clear());

describe('session store', () => {
  it('keeps the descriptor encrypted: nothing readable in localStorage', async () => {
    const keys = memoryKeys();
    await createSessionStore(localStorage, keys).save(auth);
    const stored = localStorage.getItem('session') ?? '';
    expect(stored).not.toContain('client@demo');
    expect(atob(stored)).not.toContain('client@demo');
    // A fresh store (a reload) decrypts it with the kept key.
    expect(await createSessionStore(localStorage, keys).read()).toEqual(auth);
  });

  it('treats a tampered value or a lost key as signed out', async () => {
    const keys = memoryKeys();
    await createSessionStore(localStorage, keys).save(auth);
    const stored = localStorage.getItem('session') ?? '';
    localStorage.setItem('session', `${stored.slice(0, -4)}AAAA`);
    expect(await createSessionStore(localStorage, keys).read()).toBeNull();

    await createSessionStore(localStorage, keys).save(auth);
    expect(await createSessionStore(localStorage, memoryKeys()).read()).toBeNull();
  });

  it('clears all local storage on sign-out', async () => {
    const store = createSessionStore(localStorage, memoryKeys());
    await store.save(auth);
    localStorage.setItem('cache', '{}');
    await store.clear();
    expect(localStorage.length).toBe(0);
    expect(await store.read()).toBeNull();
  });

  it('is valid up to and including exp', () => {
    expect(isSessionValid(auth, auth.session.exp)).toBe(true);
    expect(isSessionValid(auth, auth.session.exp + 1)).toBe(false);
    expect(isSessionValid(null)).toBe(false);
  });
});

describe('session store without WebCrypto (an http page away from localhost)', () => {
  it('keeps the state in memory only and persists nothing', async () => {
    const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle');
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    try {
      const store = createSessionStore(localStorage, memoryKeys());
      await store.save(auth);
      expect(await store.read()).toEqual(auth);
      expect(localStorage.length).toBe(0);
      expect(await createSessionStore(localStorage, memoryKeys()).read()).toBeNull();
    } finally {
      if (subtle) Object.defineProperty(globalThis.crypto, 'subtle', subtle);
    }
  });
});
