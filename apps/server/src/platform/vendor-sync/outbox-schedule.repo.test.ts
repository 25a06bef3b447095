import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientCompanies, outbox, vendorConnections } from '../../kernel/db/schema';
import type { JobQueue } from '../../kernel/jobs/job-queue';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createTestJobQueue, createTestVendorSync } from '../../test/test-services';
import { defineOutboxWrite } from './outbox';
import { createOutboxRepository } from './outbox.repository';
import type { VendorSync } from './vendor-sync';

/**
 * Scheduled writes (outbox.send_after): the frame under a scheduled post. A write is never
 * sent before its time, the job queue sends it at its time, and it can be changed or
 * withdrawn only while it waits. The frame (vendor-sync.ts) on a job queue with workers on.
 */
let database: TestDatabase;
let jobs: JobQueue;
let vendorSync: VendorSync;
let connectionId = 0;
let companyId = 0;
const sent: { id: number; at: number }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await createTestJobQueue(database, (queue) => {
    vendorSync = createTestVendorSync(database.db, queue);
  });
  vendorSync.registerWrite(
    defineOutboxWrite({
      kind: 'test.scheduled-ping',
      payload: z.object({ n: z.number() }),
      send: async ({ row }) => {
        sent.push({ id: row.id, at: Date.now() });
        return {};
      },
    }),
  );
  const db = database.db;
  const [company] = await db
    .insert(clientCompanies)
    .values({ name: 'Schedule Test Bakery', label: 'schedule-test' })
    .returning();
  companyId = company?.id ?? 0;
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId,
      vendor: 'google-business-profile',
      externalAccount: 'accounts/9/locations/9',
    })
    .returning();
  connectionId = connection?.id ?? 0;
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

let key = 0;
const write = (sendAfter: Date | null, status: 'pending' | 'awaiting_approval' = 'pending') =>
  vendorSync.enqueueWrite({
    companyId,
    connectionId,
    kind: 'test.scheduled-ping',
    idempotencyKey: `schedule-test:${++key}`,
    subjectType: 'test',
    subjectId: key,
    payload: { n: key },
    status,
    sendAfter,
  });

const statusOf = async (id: number) => {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  return row?.status;
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('scheduled vendor writes', () => {
  it('is not sent before its time, even when asked, and the queue sends it at its time', async () => {
    const at = new Date(Date.now() + 3_000);
    const { row } = await write(at);
    // An early send (a stale job, a person's "send now") leaves it waiting.
    await vendorSync.sendNow(row.id);
    expect(await statusOf(row.id)).toBe('pending');
    expect(sent.some((s) => s.id === row.id)).toBe(false);

    expect(
      await until(
        () => statusOf(row.id),
        (s) => s === 'sent',
      ),
    ).toBe('sent');
    const when = sent.find((s) => s.id === row.id)?.at ?? 0;
    expect(when).toBeGreaterThanOrEqual(at.getTime());
    expect(sent.filter((s) => s.id === row.id)).toHaveLength(1);
  }, 40_000);

  it('moves with its new time; the job of the old time finds it not due', async () => {
    const { row } = await write(new Date(Date.now() + 120_000));
    const moved = await vendorSync.amend(row.id, { sendAfter: new Date(Date.now() + 2_000) });
    expect(moved?.sendAfter?.getTime()).toBeLessThan(Date.now() + 3_000);
    expect(
      await until(
        () => statusOf(row.id),
        (s) => s === 'sent',
      ),
    ).toBe('sent');
    expect(sent.filter((s) => s.id === row.id)).toHaveLength(1);
  }, 40_000);

  it('can be changed or withdrawn only while it waits, not in its last 30 seconds', async () => {
    const soon = await write(new Date(Date.now() + 10_000));
    expect(await vendorSync.amend(soon.row.id, { payload: { n: -1 } })).toBeNull();
    expect(await vendorSync.amend(soon.row.id, { cancel: true })).toBeNull();

    const later = await write(new Date(Date.now() + 600_000));
    const changed = await vendorSync.amend(later.row.id, { payload: { n: 42 } });
    expect(changed?.payload).toEqual({ n: 42 });
    const withdrawn = await vendorSync.amend(later.row.id, { cancel: true });
    expect(withdrawn?.status).toBe('cancelled');
    await vendorSync.sendNow(later.row.id);
    expect(await statusOf(later.row.id)).toBe('cancelled');

    // Awaiting approval: changeable whatever its time, and released to its time.
    const waiting = await write(new Date(Date.now() + 600_000), 'awaiting_approval');
    expect(await vendorSync.amend(waiting.row.id, { payload: { n: 7 } })).not.toBeNull();
  });

  it('is left out of the stale-write sweep until it is due', async () => {
    const { row } = await write(new Date(Date.now() + 600_000));
    const repo = createOutboxRepository(database.db);
    const stale = await repo.stalePending(new Date(Date.now() + 3_600_000), 1_000);
    expect(stale.map((r) => r.id)).not.toContain(row.id);
  });
});
