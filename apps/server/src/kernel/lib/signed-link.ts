import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database';
import { appSettings } from '../db/schema';

/**
 * Signed, expiring links (the public alerts page, shared scans).
 *
 * A token is `base64url(JSON payload) + "." + base64url(HMAC-SHA256(secret, first part))`.
 * It is stateless: nothing is stored per link, so any server process that knows the secret
 * can check it, and a link cannot be revoked alone (rotating the secret revokes them all).
 * The payload is only signed, not encrypted: it holds nothing but a kind, an id and a time.
 *
 * The payload names its kind (`k`), and a check says which kind it expects, so a link made
 * for one purpose (a company's alerts) can never open another (a scan) even though both use
 * one secret and the ids are plain integers. Version 1 tokens predate kinds: they were only
 * ever made for alerts, so they are read as alerts links and as nothing else.
 */

/**
 * 'unsubscribe': a review request's opt-out link; 'account': activation and reset emails;
 * 'prospect-report': a sales container's shared report (issue 21).
 */
export type LinkKind = 'alerts' | 'scan' | 'image' | 'unsubscribe' | 'account' | 'prospect-report';

const TOKEN_VERSION = 2;
/** A real token is about 100 characters; anything much longer is refused before hashing. */
const MAX_TOKEN_LENGTH = 512;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_BYTES = 32;
export const SECRET_BYTES = 32;
/** The setting's name predates scan links; renaming it would break every alerts link out there. */
const SECRET_SETTING_KEY = 'alerts-link-secret';

const id = z.number().int().positive();
const payloadSchema = z.union([
  z
    .object({
      v: z.literal(TOKEN_VERSION),
      k: z.enum(['alerts', 'scan', 'image', 'unsubscribe', 'account', 'prospect-report']),
      s: id,
      e: id,
    })
    .strict(),
  z.object({ v: z.literal(1), c: id, e: id }).strict(),
]);

export type LinkCheck =
  | { ok: true; subjectId: number; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' };

function mac(secret: Buffer, payloadPart: string): Buffer {
  return createHmac('sha256', secret).update(payloadPart).digest();
}

/** A token of one kind for one subject (a company, a scan) that stops working at `expiresAt`. */
export function signLink(
  secret: Buffer,
  kind: LinkKind,
  subjectId: number,
  expiresAt: Date,
): string {
  const payload = {
    v: TOKEN_VERSION,
    k: kind,
    s: subjectId,
    e: Math.floor(expiresAt.getTime() / 1000),
  };
  const payloadPart = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${payloadPart}.${mac(secret, payloadPart).toString('base64url')}`;
}

/**
 * Checks a token of the expected kind. The signature is checked before anything in the
 * payload is trusted, so a forged token is "invalid" even when it claims a past expiry; only
 * a genuine token of the right kind can be "expired".
 */
export function verifyLink(
  secret: Buffer,
  kind: LinkKind,
  token: unknown,
  now = new Date(),
): LinkCheck {
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return invalid;
  const parts = token.split('.');
  if (parts.length !== 2) return invalid;
  const [payloadPart = '', signaturePart = ''] = parts;
  if (!BASE64URL.test(payloadPart) || !BASE64URL.test(signaturePart)) return invalid;

  const given = Buffer.from(signaturePart, 'base64url');
  // timingSafeEqual needs equal lengths; the length itself is not secret.
  if (given.length !== SIGNATURE_BYTES) return invalid;
  // The last of 43 characters carries 2 unused bits, so four spellings decode alike:
  // only the canonical one is accepted, and each link has exactly one valid form.
  if (given.toString('base64url') !== signaturePart) return invalid;
  if (!timingSafeEqual(given, mac(secret, payloadPart))) return invalid;

  let payload: z.infer<typeof payloadSchema>;
  try {
    const parsed = payloadSchema.safeParse(
      JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')),
    );
    if (!parsed.success) return invalid;
    payload = parsed.data;
  } catch {
    return invalid;
  }
  const payloadKind = payload.v === 1 ? 'alerts' : payload.k;
  if (payloadKind !== kind) return invalid;
  const subjectId = payload.v === 1 ? payload.c : payload.s;
  const expiresAt = new Date(payload.e * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, subjectId, expiresAt };
}

const storedSecretSchema = z.object({ secret: z.string().regex(BASE64URL) });

/**
 * The signing secret: `PINPOINT_LINK_SECRET` when configured; otherwise a random one made
 * once per installation and kept in `app_settings`. Insert-if-absent and then read back,
 * so processes starting together all end up with the one row that won. It never leaves
 * the server and is never logged.
 */
export async function loadLinkSecret(db: Db, configured: string | null): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db
    .insert(appSettings)
    .values({
      key: SECRET_SETTING_KEY,
      value: { secret: randomBytes(SECRET_BYTES).toString('base64url') },
    })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, SECRET_SETTING_KEY));
  const stored = storedSecretSchema.safeParse(row?.value);
  // A damaged row is not silently replaced: that would break every link already handed out.
  if (!stored.success) throw new Error(`app_settings "${SECRET_SETTING_KEY}" is malformed`);
  const secret = Buffer.from(stored.data.secret, 'base64url');
  if (secret.length < SECRET_BYTES) {
    throw new Error(`app_settings "${SECRET_SETTING_KEY}" is too short`);
  }
  return secret;
}
