import {
  CTM_PEER_ACCESS_KEY,
  CTM_PEER_ACCOUNT,
  CTM_PEER_SECRET_KEY,
  ctmPeerCall,
  type RunningCtmPeer,
  startCtmPeer,
} from '@pinpoint/fake-vendors/ctm-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorError } from '../kernel/vendor-errors';
import { CTM_REQUEST_DELAY_MS, createCtmLive, ctmStatus, parseCalledAt } from './ctm-live';

let peer: RunningCtmPeer;
const counted: boolean[] = [];
/** When each SPEC §9 pause ended (the injected sleep resolves after recording it). */
const pauses: { ms: number; endedAt: number }[] = [];

const live = (keys = { accessKey: CTM_PEER_ACCESS_KEY, secretKey: CTM_PEER_SECRET_KEY }) =>
  createCtmLive({
    baseUrl: peer.base,
    ...keys,
    timeoutMs: 5_000,
    recordCall: async (_vendor, ok) => void counted.push(ok),
    sleep: async (ms) => {
      await new Promise((r) => setTimeout(r, 1));
      pauses.push({ ms, endedAt: performance.now() });
    },
  });
const access = { externalAccount: CTM_PEER_ACCOUNT, accessToken: null };

beforeAll(async () => {
  peer = await startCtmPeer();
  const base = Date.UTC(2026, 10, 10, 15);
  for (let i = 0; i < 130; i++) {
    peer.addCall(
      ctmPeerCall(1000 + i, new Date(base - i * 3_600_000), {
        call_status: i % 7 === 0 ? 'no answer' : i % 11 === 0 ? 'voicemail' : 'answered',
        is_new_caller: i % 3 !== 0,
        audio:
          i === 0 ? peer.addRecording('first.mp3', Buffer.from('ID3fake'), 'audio/mpeg') : null,
      }),
    );
  }
  peer.addNumber({
    id: 'TPN1',
    number: '+15125550190',
    name: 'GBP listing',
    source: 'Google Business Profile',
  });
  peer.addNumber({ id: 'TPN2', number: '(512) 555-0191', name: 'Ads', source: 'Google Ads' });
});
afterAll(async () => {
  await peer.close();
});

describe('the CallTrackingMetrics live adapter against the fake', () => {
  it('reads calls.json page by page with Basic auth, mapping CTM fields to E.164 and our statuses', async () => {
    const ctm = live();
    const query = { from: '2026-11-01', to: '2026-11-11', perPage: 100 };
    const first = await ctm.listCalls(access, { ...query, page: 1 });
    expect(first).toMatchObject({ page: 1, totalPages: 2, nextPage: 2 });
    expect(first.calls).toHaveLength(100);
    const second = await ctm.listCalls(access, { ...query, page: 2 });
    expect(second).toMatchObject({ page: 2, nextPage: null });
    expect(second.calls).toHaveLength(30);
    expect(first.calls[0]).toEqual({
      externalId: '1000',
      calledAt: new Date(Date.UTC(2026, 10, 10, 15)),
      trackingNumber: '+15125550190',
      trackingNumberName: 'Google Business Profile listing',
      source: 'Google Business Profile',
      callerNumber: '+15125552000',
      callerCity: 'Austin',
      callerState: 'TX',
      durationSeconds: 95,
      talkTimeSeconds: 0, // call 0 is "no answer": nobody talked
      status: 'missed',
      firstTime: false,
      recordingUrl: `${peer.base}/recordings/first.mp3`,
    });
    const path = peer.requests.at(-1)?.path ?? '';
    expect(path).toBe(
      `/api/v1/accounts/${CTM_PEER_ACCOUNT}/calls.json?page=2&per_page=100&start_date=2026-11-01&end_date=2026-11-11`,
    );
    const basic = Buffer.from(`${CTM_PEER_ACCESS_KEY}:${CTM_PEER_SECRET_KEY}`).toString('base64');
    expect(peer.requests.at(-1)?.authorization).toBe(`Basic ${basic}`);
    expect(counted.slice(-2)).toEqual([true, true]);
  });

  it('waits SPEC §9’s 25 ms before every request', async () => {
    const before = { pauses: pauses.length, requests: peer.requests.length };
    await live().listNumbers(access, 1);
    await live().listCalls(access, { from: '2026-11-10', to: '2026-11-10', page: 1, perPage: 10 });
    const newPauses = pauses.slice(before.pauses);
    const newRequests = peer.requests.slice(before.requests);
    expect(newPauses.map((p) => p.ms)).toEqual([CTM_REQUEST_DELAY_MS, CTM_REQUEST_DELAY_MS]);
    // Each request reached the vendor only after its pause had ended.
    newRequests.forEach((request, i) => {
      expect(request.at).toBeGreaterThanOrEqual(newPauses[i]?.endedAt ?? Infinity);
    });
    // And the real pause, without the injected one, takes its 25 ms.
    const real = createCtmLive({
      baseUrl: peer.base,
      accessKey: CTM_PEER_ACCESS_KEY,
      secretKey: CTM_PEER_SECRET_KEY,
      timeoutMs: 5_000,
      recordCall: async () => {},
    });
    const started = performance.now();
    await real.listNumbers(access, 1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(CTM_REQUEST_DELAY_MS - 1);
  });

  it('lists tracking numbers in E.164 with their source', async () => {
    const { numbers, nextPage } = await live().listNumbers(access, 1);
    expect(nextPage).toBeNull();
    expect(numbers).toEqual([
      {
        externalId: 'TPN1',
        number: '+15125550190',
        name: 'GBP listing',
        source: 'Google Business Profile',
      },
      { externalId: 'TPN2', number: '+15125550191', name: 'Ads', source: 'Google Ads' },
    ]);
  });

  it('maps refused keys to "auth" (never echoing them) and 429s to "rate_limited" with Retry-After', async () => {
    const wrong = live({ accessKey: 'nope', secretKey: CTM_PEER_SECRET_KEY });
    const refused = await wrong.listNumbers(access, 1).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(VendorError);
    expect(refused).toMatchObject({ code: 'auth', status: 401, needsAttention: true });
    expect((refused as Error).message).not.toContain(CTM_PEER_SECRET_KEY);
    peer.failNext(1, 429, '2');
    const limited = await live()
      .listNumbers(access, 1)
      .catch((e: unknown) => e);
    expect(limited).toMatchObject({ code: 'rate_limited', retryAfterMs: 2_000, retryable: true });
  });

  it('fetches a recording only from the vendor’s own origin, with its content type', async () => {
    const ok = await live().fetchRecording(access, `${peer.base}/recordings/first.mp3`);
    expect(ok.contentType).toBe('audio/mpeg');
    expect(ok.bytes.toString()).toBe('ID3fake');
    const elsewhere = await live()
      .fetchRecording(access, 'https://evil.example/recording.mp3')
      .catch((e: unknown) => e);
    expect(elsewhere).toMatchObject({ code: 'invalid' });
  });

  it('reads CTM’s statuses and local called_at times', () => {
    expect(['answered', 'no answer', 'busy', 'voicemail', 'Voice Mail'].map(ctmStatus)).toEqual([
      'answered',
      'missed',
      'missed',
      'voicemail',
      'voicemail',
    ]);
    expect(parseCalledAt('2026-11-20 02:15 PM -06:00')?.toISOString()).toBe(
      '2026-11-20T20:15:00.000Z',
    );
    expect(parseCalledAt('2026-11-20 12:05 AM +00:00')?.toISOString()).toBe(
      '2026-11-20T00:05:00.000Z',
    );
    expect(parseCalledAt('not a time')).toBeNull();
  });
});
