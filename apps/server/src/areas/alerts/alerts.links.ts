import type { Db } from '../../kernel/db/database';
import { loadLinkSecret, signLink, verifyLink } from '../../kernel/lib/signed-link';

/**
 * Signed, expiring links to a company's alerts (the public legacy `/my-alerts` page): the
 * shared signed-link format (lib/signed-link.ts) with the kind `alerts` and the company as
 * its subject.
 */

export type LinkCheck =
  | { ok: true; companyId: number; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' };

/** A token for one company that stops working at `expiresAt` (whole seconds). */
export function signAlertsLink(secret: Buffer, companyId: number, expiresAt: Date): string {
  return signLink(secret, 'alerts', companyId, expiresAt);
}

/** Checks an alerts token: a scan link, or any other kind, is "invalid" here. */
export function verifyAlertsLink(secret: Buffer, token: unknown, now = new Date()): LinkCheck {
  const check = verifyLink(secret, 'alerts', token, now);
  if (!check.ok) return check;
  return { ok: true, companyId: check.subjectId, expiresAt: check.expiresAt };
}

export function loadAlertsLinkSecret(db: Db, configured: string | null): Promise<Buffer> {
  return loadLinkSecret(db, configured);
}
