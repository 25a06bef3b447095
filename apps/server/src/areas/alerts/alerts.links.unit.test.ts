import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAlertsLink, verifyAlertsLink } from './alerts.links';

const secret = randomBytes(32);
const now = new Date('2025-03-01T12:00:00Z');
const inAWeek = new Date(now.getTime() + 7 * 86_400_000);

/** Replaces one character of a base64url string with another valid one. */
function flip(text: string, at: number): string {
  const c = text[at] === 'A' ? 'B' : 'A';
  return text.slice(0, at) + c + text.slice(at + 1);
}

describe('alerts links', () => {
  it('round-trips the company and the expiry (whole seconds)', () => {
    const token = signAlertsLink(secret, 42, new Date(inAWeek.getTime() + 999));
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyAlertsLink(secret, token, now)).toEqual({
      ok: true,
      companyId: 42,
      expiresAt: inAWeek,
    });
  });

  it('refuses a changed payload, even one re-encoded to name another company', () => {
    const token = signAlertsLink(secret, 42, inAWeek);
    const [payload = '', signature = ''] = token.split('.');
    expect(verifyAlertsLink(secret, `${flip(payload, 3)}.${signature}`, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const other = Buffer.from(
      JSON.stringify({ v: 1, c: 43, e: Math.floor(inAWeek.getTime() / 1000) }),
    ).toString('base64url');
    expect(verifyAlertsLink(secret, `${other}.${signature}`, now).ok).toBe(false);
  });

  it('refuses a changed or truncated signature', () => {
    const token = signAlertsLink(secret, 42, inAWeek);
    expect(verifyAlertsLink(secret, flip(token, token.length - 5), now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(verifyAlertsLink(secret, token.slice(0, -2), now).ok).toBe(false);
    expect(verifyAlertsLink(secret, `${token}AA`, now).ok).toBe(false);
  });

  it('accepts only the canonical spelling of the signature', () => {
    const token = signAlertsLink(secret, 42, inAWeek);
    const last = token.at(-1) ?? 'A';
    // Same 4 significant bits, other unused bits: decodes to the same bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const index = alphabet.indexOf(last);
    for (let low = 0; low < 4; low++) {
      const variant = alphabet[(index & ~3) | low];
      if (variant === last) continue;
      expect(verifyAlertsLink(secret, token.slice(0, -1) + variant, now).ok).toBe(false);
    }
  });

  it('refuses a token signed with another secret', () => {
    const token = signAlertsLink(randomBytes(32), 42, inAWeek);
    expect(verifyAlertsLink(secret, token, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('says expired only for a genuine token past its expiry', () => {
    const token = signAlertsLink(secret, 42, now);
    expect(verifyAlertsLink(secret, token, now)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyAlertsLink(secret, token, new Date(now.getTime() - 1000)).ok).toBe(true);
    const forged = signAlertsLink(randomBytes(32), 42, new Date(now.getTime() - 1000));
    expect(verifyAlertsLink(secret, forged, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses garbage without throwing', () => {
    const garbage: unknown[] = [
      undefined,
      null,
      42,
      '',
      '.',
      'abc',
      'a.b.c',
      '..',
      '%%%.%%%',
      'eyJ2IjoxfQ.',
      `.${'A'.repeat(43)}`,
      `${'A'.repeat(600)}.${'A'.repeat(43)}`,
      'not base64!.AAAA',
      Buffer.from('{}').toString('base64url'),
    ];
    for (const value of garbage) {
      expect(verifyAlertsLink(secret, value, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses a correctly signed payload of the wrong shape or version', () => {
    const sign = (payload: unknown) => {
      const part = Buffer.from(
        typeof payload === 'string' ? payload : JSON.stringify(payload),
      ).toString('base64url');
      return `${part}.${createHmac('sha256', secret).update(part).digest('base64url')}`;
    };
    const e = Math.floor(inAWeek.getTime() / 1000);
    for (const payload of [
      { v: 2, c: 1, e },
      { v: 1, c: 0, e },
      { v: 1, c: '1', e },
      { v: 1, c: 1.5, e },
      { v: 1, c: 1 },
      [1, 1, e],
      'not json',
    ]) {
      expect(verifyAlertsLink(secret, sign(payload), now)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    expect(verifyAlertsLink(secret, sign({ v: 1, c: 7, e }), now).ok).toBe(true);
  });
});
