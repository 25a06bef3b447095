import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../kernel/db/database';
import { syncStates, vendorConnections } from '../../kernel/db/schema';
import type { ConnectionAccess } from '../../providers/kernel/connection-access';
import { VendorError } from '../../providers/kernel/vendor-errors';
import type { EventPublisher } from '../realtime/event-bus';
import type { ConnectionRow } from '../vendor-connections/vendor-connections.repository';
import type { SyncDefinition } from './define-sync';
import type { VendorGate } from './vendor-gate';

/** Where a sync stands between runs and, mid-run, where a killed run resumes. */
interface SyncCursor {
  /** The newest change stored by the last complete run (ISO). */
  highWater?: string | null;
  /** Mid-run: the next page to fetch. */
  pageToken?: string | null;
  /** Mid-run: the newest change this run has seen, the next high-water mark. */
  runHighWater?: string | null;
}

export interface SyncRunnerDeps {
  db: Db;
  gateOf(vendor: string): VendorGate;
  accessOf(connection: ConnectionRow): ConnectionAccess;
  events: EventPublisher;
  log: FastifyBaseLogger;
}

export interface SyncRunResult {
  status: 'done' | 'skipped' | 'needs_attention';
  pages: number;
  itemsSeen: number;
  itemsWritten: number;
  createdIds: number[];
}

const later = (a: string | null | undefined, b: Date) =>
  !a || b.getTime() > Date.parse(a) ? b.toISOString() : a;

/**
 * Runs one sync of one connection to the end (see define-sync.ts for what it guarantees).
 * Outages and 429s that outlast the gate's retries are thrown, so the job is retried later
 * from the stored cursor; a refused token marks the connection "needs attention" instead.
 */
export async function runSync<Item>(
  deps: SyncRunnerDeps,
  definition: SyncDefinition<Item>,
  connectionId: number,
  signal: AbortSignal = new AbortController().signal,
): Promise<SyncRunResult> {
  const { db } = deps;
  const [connection] = await db
    .select()
    .from(vendorConnections)
    .where(eq(vendorConnections.id, connectionId));
  const result: SyncRunResult = {
    status: 'skipped',
    pages: 0,
    itemsSeen: 0,
    itemsWritten: 0,
    createdIds: [],
  };
  if (!connection || connection.vendor !== definition.vendor) return result;
  if (connection.status === 'disconnected') return result;
  const key = and(
    eq(syncStates.connectionId, connectionId),
    eq(syncStates.dataset, definition.dataset),
  );
  await db
    .insert(syncStates)
    .values({ connectionId, dataset: definition.dataset })
    .onConflictDoNothing();
  const [state] = await db.select().from(syncStates).where(key);
  const cursor: SyncCursor = (state?.cursor as SyncCursor | null) ?? {};
  const resuming = Boolean(cursor.pageToken);
  result.itemsSeen = resuming ? (state?.itemsSeen ?? 0) : 0;
  result.itemsWritten = resuming ? (state?.itemsWritten ?? 0) : 0;
  await db
    .update(syncStates)
    .set({
      state: 'running',
      lastError: null,
      ...(resuming ? {} : { startedAt: new Date(), itemsSeen: 0, itemsWritten: 0 }),
    })
    .where(key);

  const progress = (state: 'running' | 'idle' | 'failed', error: string | null = null) =>
    deps.events.publish({
      type: 'vendor-sync.progress',
      payload: {
        companyId: connection.companyId,
        connectionId,
        dataset: definition.dataset,
        state,
        itemsSeen: result.itemsSeen,
        itemsWritten: result.itemsWritten,
        error,
      },
      audience: { client: connection.companyId },
    });
  progress('running');

  const gate = deps.gateOf(definition.vendor);
  const highWater = cursor.highWater ?? null;
  let pageToken = cursor.pageToken ?? null;
  let runHighWater = cursor.runHighWater ?? null;
  try {
    const access = deps.accessOf(connection);
    for (;;) {
      const token = pageToken;
      const page = await gate.run(
        () => definition.fetchPage({ connection, access, signal }, token),
        signal,
      );
      const fresh = page.items.filter(
        (item) => !highWater || definition.changedAt(item).getTime() > Date.parse(highWater),
      );
      for (const item of fresh) runHighWater = later(runHighWater, definition.changedAt(item));
      const done = fresh.length < page.items.length || !page.nextPageToken;
      const next: SyncCursor = done
        ? { highWater: runHighWater ?? highWater }
        : { highWater, pageToken: page.nextPageToken, runHighWater };
      // The page's rows and the cursor past them commit together: a run killed after this
      // resumes at the next page, and one killed before it fetches this page again.
      await db.transaction(async (tx) => {
        const written = fresh.length
          ? await definition.writePage(tx, connection, fresh)
          : { written: 0, createdIds: [] };
        result.itemsSeen += page.items.length;
        result.itemsWritten += written.written;
        result.createdIds.push(...written.createdIds);
        await tx
          .update(syncStates)
          .set({
            cursor: next as Record<string, unknown>,
            itemsSeen: result.itemsSeen,
            itemsWritten: result.itemsWritten,
            ...(done && { state: 'idle', finishedAt: new Date() }),
          })
          .where(key);
        if (done) {
          await tx
            .update(vendorConnections)
            .set({ lastSyncedAt: new Date(), lastError: null, status: 'connected' })
            .where(eq(vendorConnections.id, connectionId));
        }
      });
      result.pages++;
      progress(done ? 'idle' : 'running');
      if (done) break;
      pageToken = page.nextPageToken;
    }
  } catch (error) {
    const message = error instanceof VendorError ? error.message : 'The sync failed unexpectedly.';
    await db
      .update(syncStates)
      .set({ state: 'failed', lastError: message, finishedAt: new Date() })
      .where(key);
    const attention = error instanceof VendorError && error.needsAttention;
    await db
      .update(vendorConnections)
      .set({
        lastError: message,
        lastErrorAt: new Date(),
        ...(attention && { status: 'needs_attention' }),
      })
      .where(eq(vendorConnections.id, connectionId));
    progress('failed', message);
    if (attention) {
      deps.log.warn(
        { connectionId, vendor: definition.vendor, code: (error as VendorError).code },
        'vendor connection needs attention',
      );
      return { ...result, status: 'needs_attention' };
    }
    throw error;
  }
  if (result.createdIds.length > 0 && definition.afterRun) {
    await definition.afterRun(connection, result.createdIds, { backfill: !highWater });
  }
  return { ...result, status: 'done' };
}
