import argon2 from 'argon2';
import commonPasswords from 'fxa-common-password-list';

/** DECISIONS.md: argon2id with m ≥ 19 MiB and t ≥ 2 (OWASP's minimum profile). */
const HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

/**
 * Verifies against a stored hash. With no hash (unknown user, social-only account) it still
 * spends the time of a real check, so response times do not reveal which emails exist.
 */
let decoyHash: Promise<string> | null = null;
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

/** Rules beyond length (the schema checks length): no common password, not the email. */
export function passwordProblem(password: string, email: string): string | null {
  if (commonPasswords.test(password)) {
    return 'This password is too common. Choose one that is harder to guess.';
  }
  const local = email.split('@')[0] ?? '';
  if (local.length >= 4 && password.toLowerCase().includes(local.toLowerCase())) {
    return 'The password must not contain your email address.';
  }
  return null;
}
