import { contactKeyOf, e164OrNull, type LeadSource } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { contactOf, type LeadState, mergeTouches, type TouchInput } from './lead-merge';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T12:00:00Z');
let ref = 0;
function touch(
  source: LeadSource,
  day: number,
  contact: { phone?: string; email?: string } = {},
  companyId = 1,
): TouchInput {
  const phone = e164OrNull(contact.phone);
  const email = contact.email?.toLowerCase() ?? null;
  return {
    companyId,
    source,
    sourceRef: String(++ref),
    occurredAt: new Date(T0 + day * DAY),
    contactKey: contactKeyOf(phone, email),
    name: null,
    phone,
    email,
    detail: {},
  };
}

describe('contact keys', () => {
  it('is the E.164 phone, else the lower-cased email, else nothing', () => {
    expect(contactKeyOf('(512) 555-0134', 'A@B.com')).toBe('+15125550134');
    expect(contactKeyOf('+1 512 555 0134', null)).toBe('+15125550134');
    expect(contactKeyOf(null, ' Maria@Example.COM ')).toBe('maria@example.com');
    expect(contactKeyOf('12', null)).toBeNull();
    expect(contactKeyOf(null, 'not-an-email')).toBeNull();
    expect(contactKeyOf(null, null)).toBeNull();
  });
});

describe('mergeTouches', () => {
  it('merges touches of one contact within 30 days of the last, across sources and writings', () => {
    const plan = mergeTouches(
      [
        touch('form', 10, { phone: '512-555-0134', email: 'm@x.com' }),
        touch('call', 0, { phone: '+15125550134' }),
        touch('google_ads', 35, { phone: '(512) 555 0134' }),
      ],
      new Map(),
    );
    expect(plan.leads).toHaveLength(1);
    expect(plan.leads[0]).toMatchObject({
      sources: ['call', 'form', 'google_ads'],
      firstSource: 'call',
      touchCount: 3,
      repeat: false,
      email: 'm@x.com',
    });
    expect(plan.leads[0]?.lastTouchAt.getTime()).toBe(T0 + 35 * DAY);
    expect(plan.touches.every((t) => t.lead === 0)).toBe(true);
  });

  it('starts a repeat lead after a gap of more than 30 days', () => {
    const plan = mergeTouches(
      [touch('call', 0, { phone: '5125550134' }), touch('call', 31, { phone: '5125550134' })],
      new Map(),
    );
    expect(plan.leads.map((l) => l.repeat)).toEqual([false, true]);
  });

  it('keeps touches without a phone or email apart, and contacts of other companies apart', () => {
    const plan = mergeTouches(
      [
        touch('google_ads', 0),
        touch('google_ads', 0),
        touch('call', 1, { phone: '5125550134' }, 1),
        touch('call', 1, { phone: '5125550134' }, 2),
      ],
      new Map(),
    );
    expect(plan.leads).toHaveLength(4);
  });

  it('continues from the stored lead of the contact (incremental ingest)', () => {
    const stored: LeadState = {
      id: 77,
      companyId: 1,
      contactKey: 'm@x.com',
      name: 'Maria',
      phone: null,
      email: 'm@x.com',
      sources: ['form'],
      firstSource: 'form',
      firstTouchAt: new Date(T0),
      lastTouchAt: new Date(T0 + 5 * DAY),
      touchCount: 2,
    };
    const latest = new Map([[contactOf(1, 'm@x.com'), stored]]);
    const joined = mergeTouches([touch('manual', 20, { email: 'M@x.com' })], latest);
    expect(joined.leads).toEqual([
      expect.objectContaining({ id: 77, sources: ['form', 'manual'], touchCount: 3 }),
    ]);
    // The stored state is not changed in place.
    expect(stored.touchCount).toBe(2);
    const later = mergeTouches([touch('facebook', 90, { email: 'm@x.com' })], latest);
    expect(later.leads).toEqual([expect.objectContaining({ id: null, repeat: true })]);
  });

  it('merges the same way whatever order the touches come in', () => {
    const touches = [
      touch('call', 0, { phone: '5125550134' }),
      touch('form', 20, { phone: '5125550134' }),
      touch('lsa', 45, { phone: '5125550134' }),
      touch('lsa', 100, { phone: '5125550134' }),
    ];
    const a = mergeTouches(touches, new Map());
    const b = mergeTouches([...touches].reverse(), new Map());
    expect(b.leads).toEqual(a.leads);
    expect(a.leads.map((l) => l.touchCount)).toEqual([3, 1]);
  });
});
