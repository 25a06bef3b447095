import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../kernel/db/database';
import { qrScans } from '../../kernel/db/schema';
import { insertChunked } from '../../kernel/demo/seed-context';

/** A Postgres array literal (`{"a","b",NULL}`), sent as ONE text parameter. */
export function pgArray(values: readonly (string | number | null | undefined)[]): string {
  const items = values.map((v) =>
    v === null || v === undefined ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`,
  );
  return `{${items.join(',')}}`;
}

/**
 * Many scans in one statement with one parameter per column (`unnest` of arrays): a
 * multi-row VALUES binds 7 parameters a row, which costs PGlite (on the app's own thread)
 * far more than the rows themselves.
 */
export async function insertScans(db: Db, rows: ScanRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof ScanRow>(key: K) => pgArray(rows.map((r) => r[key] as never));
  await db.execute(sql`insert into ${qrScans} (qr_code_id, scanned_at, os, browser, device_type, visitor, city)
    select * from unnest(${column('qrCodeId')}::int[],
      ${pgArray(rows.map((r) => (r.scannedAt instanceof Date ? r.scannedAt.toISOString() : null)))}::timestamptz[],
      ${column('os')}::text[], ${column('browser')}::text[], ${column('deviceType')}::text[],
      ${column('visitor')}::text[], ${column('city')}::text[])`);
}

export type ScanRow = typeof qrScans.$inferInsert;

export interface ScanRecorderOptions {
  db: Db;
  log: FastifyBaseLogger;
  /**
   * Scans are written in batches: at most this many wait, and never longer than
   * `flushMs`. 1 writes each scan before its redirect answers (no batching).
   */
  maxBatch: number;
  flushMs: number;
}

export interface ScanRecorder {
  /** Queues (or, unbatched, writes) a scan; never throws: a lost scan must not break a redirect. */
  record(row: ScanRow): Promise<void>;
  /** Writes what waits (tests, shutdown). */
  flush(): Promise<void>;
  pending(): number;
}

/**
 * The redirect's scan writer. Writing each scan in its own INSERT costs more than the
 * redirect itself (one statement per request on a shared connection); batches of up to
 * `maxBatch` rows every `flushMs` keep the redirect close to a bare route (bench
 * `--only=qr`). A process killed outright loses at most `flushMs` of scans; a normal
 * shutdown flushes them first (the plugin's onClose).
 */
export function createScanRecorder(options: ScanRecorderOptions): ScanRecorder {
  let buffer: ScanRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: ScanRow[]) {
    try {
      await insertChunked(rows, (chunk) => insertScans(options.db, chunk), 5_000);
    } catch (error) {
      options.log.error({ err: error, scans: rows.length }, 'QR scans could not be stored');
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (buffer.length === 0) return writing;
    const rows = buffer;
    buffer = [];
    // One write at a time, in order.
    writing = writing.then(() => write(rows));
    return writing;
  }

  return {
    async record(row) {
      if (options.maxBatch <= 1) return write([row]);
      buffer.push(row);
      if (buffer.length >= options.maxBatch) {
        void flush();
      } else if (!timer) {
        timer = setTimeout(() => void flush(), options.flushMs);
        timer.unref();
      }
    },
    flush,
    pending: () => buffer.length,
  };
}

/**
 * A visitor's id for counting unique visitors: an HMAC of IP, user agent and UTC day under
 * a server secret, cut to 16 hex characters. The IP itself is never stored, and the same
 * person is a new visitor the next day (so the id cannot follow anyone across days).
 */
export function visitorId(secret: Buffer, ip: string, userAgent: string, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  return createHmac('sha256', secret)
    .update(`${ip}\n${userAgent}\n${day}`)
    .digest('hex')
    .slice(0, 16);
}
