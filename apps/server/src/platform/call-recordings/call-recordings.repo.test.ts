import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GATE_POLICY } from '../../config/vendor-gate-policy';
import { clientCompanies, ctCalls, ctRecordings, vendorConnections } from '../../kernel/db/schema';
import { VendorError } from '../../providers/kernel/vendor-errors';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createVendorGate } from '../vendor-sync/vendor-gate';
import {
  createRecordingStore,
  type PlayRecording,
  playRecording,
  type Recording,
} from './call-recordings';

/**
 * Playing a call recording, as call tracking and Local Services Ads both do: on a real
 * recordings table (`ct_recordings`; LSA's `lsa_recordings` differs only in its key's name)
 * and a real vendor gate, with the vendor's fetch in memory.
 */
let database: TestDatabase;
let connectionId = 0;
let companyId = 0;
let calls = 0;

const MP3: Recording = { contentType: 'audio/mpeg', bytes: Buffer.from('ID3 fake mp3') };
const TYPE_ERROR = 'Invalid content type, expected binary data';

beforeAll(async () => {
  database = await createTestDatabase();
  const [company] = await database.db
    .insert(clientCompanies)
    .values({ name: 'Recording Test Plumbing', label: 'recording-test' })
    .returning();
  companyId = company?.id ?? 0;
  const [connection] = await database.db
    .insert(vendorConnections)
    .values({ companyId, vendor: 'call-tracking', externalAccount: 'recording-test' })
    .returning();
  connectionId = connection?.id ?? 0;
});
afterAll(async () => {
  await database?.close();
});

/** A call of its own for each test, so each starts with nothing stored. */
async function newCall(): Promise<number> {
  calls += 1;
  const [row] = await database.db
    .insert(ctCalls)
    .values({
      connectionId,
      companyId,
      externalId: `rec-${calls}`,
      calledAt: new Date(),
      trackingNumber: '+15550100000',
      source: 'Google Ads',
      durationSeconds: 60,
      talkTimeSeconds: 55,
      status: 'answered',
      firstTime: true,
    })
    .returning({ id: ctCalls.id });
  return Number(row?.id);
}

/** A play of `id` whose vendor answers `answers` in turn; it counts the fetches and opens. */
function player(id: number, answers: (() => Promise<Recording>)[], url = 'https://vendor/1.mp3') {
  const seen = { fetches: 0, opened: 0 };
  const play: PlayRecording<string> = {
    id,
    url,
    store: createRecordingStore(database.db, ctRecordings, 'callId'),
    gate: () =>
      createVendorGate('call-tracking', {
        ...DEFAULT_GATE_POLICY,
        retries: 1,
        initialBackoffMs: 1,
      }),
    access: () => {
      seen.opened += 1;
      return 'opened-access';
    },
    fetch: async (access, link) => {
      expect([access, link]).toEqual(['opened-access', url]);
      const answer = answers[Math.min(seen.fetches, answers.length - 1)];
      seen.fetches += 1;
      if (!answer) throw new Error('no answer');
      return answer();
    },
    contentType: 'audio/mpeg',
    typeError: TYPE_ERROR,
  };
  return { play, seen };
}

const storedRows = (id: number) =>
  database.db.select().from(ctRecordings).where(eq(ctRecordings.callId, id));

describe('playRecording', () => {
  it('fetches a live recording once and stores it; the next play is ours, without the vendor', async () => {
    const id = await newCall();
    const first = player(id, [async () => MP3]);
    expect(await playRecording(first.play)).toEqual(MP3);
    expect(first.seen).toEqual({ fetches: 1, opened: 1 });
    expect(await storedRows(id)).toMatchObject([
      { callId: id, contentType: 'audio/mpeg', byteSize: MP3.bytes.length },
    ]);

    const again = player(id, [
      async () => ({ contentType: 'audio/mpeg', bytes: Buffer.from('x') }),
    ]);
    const played = await playRecording(again.play);
    expect(played.bytes.equals(MP3.bytes)).toBe(true);
    expect(again.seen).toEqual({ fetches: 0, opened: 0 });
  });

  it('keeps the first bytes when two first plays store at once', async () => {
    const id = await newCall();
    const store = createRecordingStore(database.db, ctRecordings, 'callId');
    await Promise.all([store.store(id, MP3), store.store(id, MP3)]);
    await store.store(id, { contentType: 'audio/mpeg', bytes: Buffer.from('later') });
    expect((await store.stored(id))?.bytes.equals(MP3.bytes)).toBe(true);
  });

  it('refuses another type with the area message, storing nothing', async () => {
    const id = await newCall();
    const html = player(id, [
      async () => ({ contentType: 'text/html', bytes: Buffer.from('<p>') }),
    ]);
    await expect(playRecording(html.play)).rejects.toMatchObject({
      statusCode: 502,
      message: TYPE_ERROR,
    });
    expect(await storedRows(id)).toEqual([]);

    // A stored row of another type (none is written so) is refused the same way.
    await database.db
      .insert(ctRecordings)
      .values({ callId: id, contentType: 'text/html', bytes: Buffer.from('<p>'), byteSize: 3 });
    await expect(playRecording(player(id, [async () => MP3]).play)).rejects.toMatchObject({
      statusCode: 502,
      message: TYPE_ERROR,
    });
  });

  it('plays a demo recording without storing it: the file is on disk already', async () => {
    const id = await newCall();
    const demo = player(id, [async () => MP3], 'demo:plumbing.mp3');
    expect(await playRecording(demo.play)).toEqual(MP3);
    expect(await storedRows(id)).toEqual([]);
  });

  it("retries an outage through the vendor's gate, then says why it could not fetch", async () => {
    const id = await newCall();
    const outage = () => Promise.reject(new VendorError('call-tracking', 'unavailable', 'down'));
    const recovers = player(id, [outage, async () => MP3]);
    expect(await playRecording(recovers.play)).toEqual(MP3);
    expect(recovers.seen.fetches).toBe(2);

    const other = await newCall();
    const down = player(other, [outage]);
    await expect(playRecording(down.play)).rejects.toMatchObject({
      statusCode: 502,
      message: 'The recording could not be fetched: down',
    });
    expect(down.seen.fetches).toBe(2);
    expect(await storedRows(other)).toEqual([]);
  });

  it('passes on what is not a vendor error, such as a connection that cannot be opened', async () => {
    const id = await newCall();
    const gone = player(id, [async () => MP3]);
    const missing = new Error('no connection');
    gone.play.access = () => Promise.reject(missing);
    await expect(playRecording(gone.play)).rejects.toBe(missing);
    expect(gone.seen.fetches).toBe(0);
  });
});
