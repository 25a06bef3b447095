import { type AuthResponse, authResponseSchema } from '@pinpoint/contracts';

/**
 * The signed-in state the browser keeps (SPEC §3: descriptor + user state), encrypted with
 * AES-GCM under a non-extractable WebCrypto key (DECISIONS.md). The ciphertext sits in
 * localStorage; the key lives in IndexedDB and can be used but never read by scripts.
 * The server never trusts any of it: it only steers navigation.
 */
export interface KeyStore {
  get(): Promise<CryptoKey | null>;
  put(key: CryptoKey): Promise<void>;
  clear(): Promise<void>;
}

const STORAGE_KEY = 'session';

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

export function createSessionStore(storage: Storage, keys: KeyStore) {
  let cached: AuthResponse | null = null;
  // WebCrypto exists only in secure contexts (https, localhost). Elsewhere nothing is
  // persisted: the state lives in memory and is fetched again from the server on reload.
  const canEncrypt = () => Boolean(globalThis.crypto?.subtle);

  async function key(create: boolean): Promise<CryptoKey | null> {
    const existing = await keys.get();
    if (existing || !create) return existing;
    const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await keys.put(fresh);
    return fresh;
  }

  return {
    async save(auth: AuthResponse): Promise<void> {
      cached = auth;
      if (!canEncrypt()) return;
      const aesKey = await key(true);
      if (!aesKey) throw new Error('No encryption key');
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const plain = new TextEncoder().encode(JSON.stringify(auth));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, plain),
      );
      const packed = new Uint8Array(iv.length + sealed.length);
      packed.set(iv);
      packed.set(sealed, iv.length);
      storage.setItem(STORAGE_KEY, toBase64(packed));
    },

    /** The stored state, or null when there is none or it cannot be read (tampered, key lost). */
    async read(): Promise<AuthResponse | null> {
      if (cached) return cached;
      const stored = storage.getItem(STORAGE_KEY);
      if (!stored || !canEncrypt()) return null;
      try {
        const aesKey = await key(false);
        if (!aesKey) return null;
        const packed = fromBase64(stored);
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: packed.slice(0, 12) },
          aesKey,
          packed.slice(12),
        );
        cached = authResponseSchema.parse(JSON.parse(new TextDecoder().decode(plain)));
        return cached;
      } catch {
        storage.removeItem(STORAGE_KEY);
        return null;
      }
    },

    /** SPEC §4: signing out clears all local storage, not just the session. */
    async clear(): Promise<void> {
      cached = null;
      storage.clear();
      if (canEncrypt()) await keys.clear();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** SPEC §4: a session is valid while the current time is at or before `exp`. */
export function isSessionValid(auth: AuthResponse | null, now = Date.now()): auth is AuthResponse {
  return auth !== null && now <= auth.session.exp;
}

function indexedDbKeyStore(): KeyStore {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('pinpoint', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('keys');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const run = async <T>(
    mode: IDBTransactionMode,
    act: (store: IDBObjectStore) => IDBRequest<T>,
  ) => {
    const db = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const request = act(db.transaction('keys', mode).objectStore('keys'));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  };
  return {
    get: async () =>
      ((await run('readonly', (s) => s.get('session'))) as CryptoKey | undefined) ?? null,
    put: async (key) => {
      await run('readwrite', (s) => s.put(key, 'session'));
    },
    clear: async () => {
      await run('readwrite', (s) => s.delete('session'));
    },
  };
}

export const sessionStore = createSessionStore(
  typeof localStorage === 'undefined' ? (undefined as never) : localStorage,
  indexedDbKeyStore(),
);
