import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AccountLinkPurpose } from '@pinpoint/contracts';

/**
 * The token an activation or reset email carries: `random.signature`.
 *
 * - `random` is 32 random bytes (256 bits): what the database knows only the SHA-256 of,
 *   and what makes the link single-use (the row is marked used).
 * - `signature` is HMAC-SHA256 of the random part and the purpose under the link secret
 *   (lib/signed-link.ts's secret, kind "account"). A forged or mistyped token, or one
 *   made for the other purpose, is refused before any database lookup.
 *
 * lib/signed-link.ts's own format signs only an id and an expiry, not a random value, so
 * this is its equivalent for a random token; the "account-link:" prefix keeps the two MAC
 * inputs apart (a signed-link payload is base64url and never contains a colon).
 */
const RANDOM_BYTES = 32;
const MAC_BYTES = 32;
const PART = /^[A-Za-z0-9_-]{43}$/;

function mac(secret: Buffer, purpose: AccountLinkPurpose, random: string): Buffer {
  return createHmac('sha256', secret).update(`account-link:${purpose}:${random}`).digest();
}

/** What is stored for a token: the SHA-256 of its random part, never the token. */
export function accountTokenHash(random: string): string {
  return createHash('sha256').update(random).digest('hex');
}

export function createAccountToken(
  secret: Buffer,
  purpose: AccountLinkPurpose,
): { token: string; hash: string } {
  const random = randomBytes(RANDOM_BYTES).toString('base64url');
  const signature = mac(secret, purpose, random).toString('base64url');
  return { token: `${random}.${signature}`, hash: accountTokenHash(random) };
}

/**
 * The stored hash for a genuine token of this purpose, or null for anything else (forged,
 * truncated, non-canonical base64url, the other purpose). Constant-time comparison.
 */
export function verifyAccountToken(
  secret: Buffer,
  purpose: AccountLinkPurpose,
  token: string,
): string | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [random = '', signature = ''] = parts;
  if (!PART.test(random) || !PART.test(signature)) return null;
  const given = Buffer.from(signature, 'base64url');
  // Only the canonical spelling: the last character carries 2 unused bits.
  if (given.length !== MAC_BYTES || given.toString('base64url') !== signature) return null;
  if (Buffer.from(random, 'base64url').length !== RANDOM_BYTES) return null;
  if (!timingSafeEqual(given, mac(secret, purpose, random))) return null;
  return accountTokenHash(random);
}
