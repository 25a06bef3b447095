import type { Vendor } from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import type { ConnectionAccess } from '../../providers/kernel/connection-access';
import type { ConnectionRow } from '../vendor-connections/vendor-connections.repository';

/** What a sync's vendor call gets: the connection, its opened secrets, the job's signal. */
export interface SyncCallContext {
  connection: ConnectionRow;
  access: ConnectionAccess;
  signal: AbortSignal;
}

export interface SyncPage<Item> {
  items: Item[];
  /** Null on the last page. */
  nextPageToken: string | null;
}

/** What one page's upsert did: rows inserted or changed, and the ids of the inserted ones. */
export interface PageWriteResult {
  written: number;
  createdIds: number[];
}

/**
 * One (vendor, dataset) sync: how to fetch a page and how to upsert it. The runner
 * (sync-runner.ts) does the rest for every sync alike: the stored cursor, incremental stop
 * at the last run's high-water mark, one transaction per page (rows and cursor together,
 * so a killed run resumes where it stopped), the vendor gate (concurrency, rate limit,
 * circuit breaker, Retry-After), the connection's status, and progress over realtime.
 */
export interface SyncDefinition<Item = unknown> {
  vendor: Vendor;
  /** 'reviews', 'posts', … — with the vendor, it names the job kind. */
  dataset: string;
  /** Scheduled runs start when the last one finished this long ago. */
  everyMinutes: number;
  /**
   * One page, newest change first, from `pageToken` (null: the first page). Items changed
   * at or before the previous run's newest change end the run: they are already stored.
   */
  fetchPage(ctx: SyncCallContext, pageToken: string | null): Promise<SyncPage<Item>>;
  changedAt(item: Item): Date;
  /** Upserts by the vendor's ids, inside the runner's transaction; unchanged rows are not written. */
  writePage(tx: Db, connection: ConnectionRow, items: Item[]): Promise<PageWriteResult>;
  /**
   * After a run, outside its transactions: alerts and realtime for what was created.
   * `backfill` is true for a connection's first complete run, whose items are history.
   */
  afterRun?(
    connection: ConnectionRow,
    createdIds: number[],
    run: { backfill: boolean },
  ): Promise<void>;
}

const DATASET = /^[a-z]+(-[a-z]+)*$/;

/** The one way to define a sync: checked once, at definition. */
export function defineSync<Item>(definition: SyncDefinition<Item>): SyncDefinition<Item> {
  if (!DATASET.test(definition.dataset)) {
    throw new Error(`Sync dataset "${definition.dataset}" must be a lower-case slug`);
  }
  if (!(definition.everyMinutes >= 1)) throw new Error('everyMinutes must be at least 1');
  return Object.freeze(definition);
}

/** The job kind of a sync: one per (vendor, dataset). */
export function syncJobName(definition: { vendor: string; dataset: string }): string {
  return `vendor-sync.${definition.vendor}.${definition.dataset}`;
}
