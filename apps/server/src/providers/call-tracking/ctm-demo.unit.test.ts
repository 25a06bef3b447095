import { describe, expect, it } from 'vitest';
import { createCtmDemo, DEMO_SOURCES } from './ctm-demo';

const NOW = new Date('2026-11-20T18:00:00Z');
const access = { externalAccount: 'CT482130', accessToken: null };
const window = { from: '2025-05-20', to: '2026-11-20', page: 1, perPage: 1_000_000 };

async function allCalls(now = NOW, account = access) {
  return (await createCtmDemo({ now: () => now }).listCalls(account, window)).calls;
}

describe('the demo call-tracking adapter', () => {
  it('gives the same calls for the same account and clock, and other calls for another account', async () => {
    const [a, b, other] = await Promise.all([
      allCalls(),
      allCalls(),
      allCalls(NOW, { externalAccount: 'CT999999', accessToken: null }),
    ]);
    expect(a).toEqual(b);
    expect(a.length).toBeGreaterThan(500);
    expect(other.map((c) => c.externalId)).not.toEqual(a.map((c) => c.externalId));
  });

  it('answers a call the same whichever window asks for it, newest first', async () => {
    const all = await allCalls();
    const demo = createCtmDemo({ now: () => NOW });
    const week = await demo.listCalls(access, {
      from: '2026-11-01',
      to: '2026-11-07',
      page: 1,
      perPage: 1000,
    });
    const inWeek = all.filter(
      (c) =>
        c.calledAt.toISOString().slice(0, 10) >= '2026-11-01' &&
        c.calledAt.toISOString().slice(0, 10) <= '2026-11-07',
    );
    expect(week.calls).toEqual(inWeek);
    const times = all.map((c) => c.calledAt.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
    // Paging: pages of 50 joined are the whole list.
    const first = await demo.listCalls(access, { ...window, perPage: 50 });
    expect(first).toMatchObject({ page: 1, nextPage: 2 });
    expect(first.calls).toEqual(all.slice(0, 50));
  });

  it('looks like a local business: weighted sources, ~15% missed, some voicemails, repeat callers', async () => {
    const all = await allCalls();
    const share = (test: (c: (typeof all)[number]) => boolean) =>
      all.filter(test).length / all.length;
    expect(share((c) => c.status === 'missed')).toBeGreaterThan(0.11);
    expect(share((c) => c.status === 'missed')).toBeLessThan(0.19);
    expect(share((c) => c.status === 'voicemail')).toBeGreaterThan(0.03);
    const gbp = share((c) => c.source === 'Google Business Profile');
    const mail = share((c) => c.source === 'Direct mail');
    expect(gbp).toBeGreaterThan(mail * 2);
    expect(new Set(all.map((c) => c.source))).toEqual(new Set(DEMO_SOURCES.map((s) => s.source)));
    // Repeat callers call from a number first seen on an earlier, first-time call.
    const repeats = all.filter((c) => !c.firstTime);
    expect(repeats.length / all.length).toBeGreaterThan(0.1);
    const firstCallOf = new Map(
      all.filter((c) => c.firstTime && c.callerNumber).map((c) => [c.callerNumber, c]),
    );
    const placed = repeats.filter((r) => {
      const first = firstCallOf.get(r.callerNumber);
      return first && first.calledAt < r.calledAt;
    });
    expect(placed.length / repeats.length).toBeGreaterThan(0.9);
    // E.164 and no talk on a missed call; recordings only where someone spoke or left one.
    for (const c of all) {
      if (c.callerNumber) expect(c.callerNumber).toMatch(/^\+1\d{10}$/);
      expect(c.trackingNumber).toMatch(/^\+1\d{10}$/);
      if (c.status === 'missed') {
        expect(c.talkTimeSeconds).toBe(0);
        expect(c.recordingUrl).toBeNull();
      }
    }
    expect(all.some((c) => c.recordingUrl?.startsWith('demo:'))).toBe(true);
  });

  it('processes a recording a quarter of an hour after the call, as the vendor does', async () => {
    const all = await allCalls();
    const recorded = all.find((c) => c.recordingUrl);
    if (!recorded) throw new Error('no recorded call');
    const justAfter = new Date(
      recorded.calledAt.getTime() + recorded.durationSeconds * 1000 + 60_000,
    );
    const early = await createCtmDemo({ now: () => justAfter }).listCalls(access, window);
    expect(early.calls.find((c) => c.externalId === recorded.externalId)?.recordingUrl).toBeNull();
    const bytes = await createCtmDemo().fetchRecording(access, recorded.recordingUrl ?? '');
    expect(bytes.contentType).toBe('audio/mpeg');
    expect(bytes.bytes.length).toBeGreaterThan(1000);
  });

  it('lists the account’s tracking numbers, one per source', async () => {
    const { numbers, nextPage } = await createCtmDemo().listNumbers(access, 1);
    expect(nextPage).toBeNull();
    expect(numbers.map((n) => n.source)).toEqual(DEMO_SOURCES.map((s) => s.source));
    expect(numbers.every((n) => /^\+1\d{3}555019\d$/.test(n.number))).toBe(true);
  });
});
