import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Seals vendor secrets (OAuth tokens, API keys) at rest with AES-256-GCM (DECISIONS.md
 * "Vendor data"). A sealed value is `v1.<iv>.<tag>.<ciphertext>` in base64url: the random
 * 96-bit IV makes two seals of one secret differ, and the tag refuses any tampering.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was sealed with another key or was altered. */
  open(sealed: string): string;
}

const KEY_BYTES = 32;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error('The secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return `v1.${parts.join('.')}`;
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) {
        throw new Error('Not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** `PINPOINT_SECRET_KEY`: 32 bytes as 64 hex digits or base64. Null when it is neither. */
export function parseSecretKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, 'base64');
  return decoded.length === KEY_BYTES && /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? decoded : null;
}

/**
 * The key the server seals with: the configured one; else, on the embedded database, one
 * generated once into its data folder (readable by the owner only) so a restart can still
 * open what was sealed; else (in-memory databases in tests) a random one for this process.
 * Production requires the configured key (config.ts refuses to start without it).
 */
export function resolveSecretKey(configured: Buffer | null, dataDir: string | null): Buffer {
  if (configured) return configured;
  if (!dataDir) return randomBytes(KEY_BYTES);
  const file = path.join(dataDir, 'secret.key');
  try {
    const stored = parseSecretKey(fs.readFileSync(file, 'utf8'));
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  // `wx`: two processes starting at once cannot both write one; the loser reads the winner's.
  try {
    fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const stored = parseSecretKey(fs.readFileSync(file, 'utf8'));
    if (!stored) throw new Error(`${file} does not hold a valid key`);
    return stored;
  }
}
