import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { DEMO_RECORDING_FILES, DEMO_RECORDINGS_DIR } from '../kernel/demo-recordings';
import { createLsaDemo } from './lsa-demo';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;
const access = { externalAccount: '123-456-7890', accessToken: null };
const window = { start: new Date(NOW.getTime() - 548 * DAY), end: NOW };

describe('the committed LSA recordings', () => {
  it.each(DEMO_RECORDING_FILES)(
    '%s is a short mono MPEG layer III file of a few dozen KB',
    async (file) => {
      const path = join(DEMO_RECORDINGS_DIR, file);
      const size = statSync(path).size;
      expect(size).toBeGreaterThan(10_000);
      expect(size).toBeLessThan(80_000);
      const { format } = await parseBuffer(
        readFileSync(path),
        { mimeType: 'audio/mpeg' },
        { duration: true },
      );
      expect(format.container).toBe('MPEG');
      expect(format.codec).toMatch(/Layer 3/);
      expect(format.numberOfChannels).toBe(1);
      expect(format.duration).toBeGreaterThan(4);
      expect(format.duration).toBeLessThan(30);
    },
  );
});

describe('the LSA demo adapter', () => {
  const demo = createLsaDemo({ now: () => NOW, describe: () => ({ trade: 'Plumber' }) });

  it('gives 18 months of leads, a few a week, the same every time, newest first', async () => {
    const first = await demo.listLeads(access, window);
    const again = await demo.listLeads(access, window);
    expect(again).toEqual(first);
    const perWeek = first.leads.length / (548 / 7);
    expect(perWeek).toBeGreaterThan(2);
    expect(perWeek).toBeLessThan(10);
    const times = first.leads.map((l) => l.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(first.leads.map((l) => l.leadType))).toEqual(
      new Set(['PHONE_CALL', 'MESSAGE', 'BOOKING']),
    );
    expect(first.leads.every((l) => l.categoryId === 'xcat:service_area_business_plumber')).toBe(
      true,
    );
    const recorded = first.conversations.filter((c) => c.recordingUrl);
    expect(recorded.length).toBeGreaterThan(20);
    expect(recorded.every((c) => c.recordingUrl === 'demo:plumbing.mp3')).toBe(true);
    expect(first.leads.some((l) => l.creditState === 'CREDITED')).toBe(true);
  });

  it('keeps a lead the same as time passes, only its status moving on', async () => {
    const earlier = createLsaDemo({ now: () => new Date(NOW.getTime() - 20 * DAY) });
    const later = createLsaDemo({ now: () => NOW });
    const span = {
      start: new Date(NOW.getTime() - 60 * DAY),
      end: new Date(NOW.getTime() - 20 * DAY),
    };
    const a = await earlier.listLeads(access, span);
    const b = await later.listLeads(access, span);
    expect(b.leads.map((l) => [l.externalId, l.createdAt, l.consumerName])).toEqual(
      a.leads.map((l) => [l.externalId, l.createdAt, l.consumerName]),
    );
  });

  it("bills each day's charged leads as that day's spend, and serves recordings as audio/mpeg", async () => {
    const days = await demo.listDays(access, { from: '2026-05-01', to: '2026-06-30' });
    expect(days.at(-1)?.day).toBe('2026-06-15'); // nothing after today
    expect(days.some((d) => d.costMicros > 0)).toBe(true);
    expect(days.every((d) => d.costMicros % 10_000 === 0)).toBe(true);
    const recording = await demo.fetchRecording(access, 'demo:plumbing.mp3');
    expect(recording.contentType).toBe('audio/mpeg');
    expect(recording.bytes.length).toBeGreaterThan(10_000);
    await expect(demo.fetchRecording(access, 'demo:../secret.mp3')).rejects.toThrow(
      /not in the demo/,
    );
  });
});
