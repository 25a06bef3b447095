import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import type { ConnectionAccess } from '../../providers/kernel/connection-access';
import { VendorError } from '../../providers/kernel/vendor-errors';
import type {
  ConnectionRow,
  VendorConnectionsRepository,
} from '../vendor-connections/vendor-connections.repository';
import type { OutboxRepository, OutboxRow } from './outbox.repository';
import type { VendorGate } from './vendor-gate';

/**
 * One kind of vendor write (a review reply, a post, a listing update). `send` makes ONE
 * vendor call and answers what the vendor said; `applySent` records it in our tables in
 * the same transaction that marks the row sent; `onChange` tells the pages (realtime).
 */
export interface OutboxWriteDefinition<Schema extends z.ZodType = z.ZodType> {
  /** 'review.reply', … — unique; one kind may serve several vendors (the connection's). */
  kind: string;
  payload: Schema;
  send(args: {
    row: OutboxRow;
    payload: z.output<Schema>;
    connection: ConnectionRow;
    access: ConnectionAccess;
  }): Promise<Record<string, unknown>>;
  applySent?(
    tx: Db,
    row: OutboxRow,
    payload: z.output<Schema>,
    result: Record<string, unknown>,
  ): Promise<void>;
  onChange?(row: OutboxRow): Promise<void> | void;
}

export function defineOutboxWrite<Schema extends z.ZodType>(
  definition: OutboxWriteDefinition<Schema>,
): OutboxWriteDefinition<Schema> {
  return Object.freeze(definition);
}

/** How many times the send job runs a write before it is `failed` (1 + retries). */
export const OUTBOX_RETRY_LIMIT = 4;

export interface OutboxSenderDeps {
  db: Db;
  repo: OutboxRepository;
  connections: VendorConnectionsRepository;
  definitionOf(kind: string): OutboxWriteDefinition | undefined;
  gateOf(vendor: string): VendorGate;
  accessOf(connection: ConnectionRow): ConnectionAccess;
  log: FastifyBaseLogger;
}

/**
 * Sends one outbox row (the `outbox.send` job's handler). Only a `pending` row is sent, and
 * it is marked `sent` only from `pending`, so a job retried after a success, or run twice,
 * does not call the vendor again. A retryable failure is thrown while attempts remain, so
 * the queue retries it with backoff; otherwise the row is `failed` with the vendor's reason.
 */
export async function sendOutboxRow(
  deps: OutboxSenderDeps,
  outboxId: number,
  attempt: number,
): Promise<OutboxRow | null> {
  const row = await deps.repo.get(outboxId);
  if (row?.status !== 'pending') return row;
  // Not due yet (rescheduled later, or an early job): the job queued for its time sends it.
  if (row.sendAfter && row.sendAfter.getTime() > Date.now()) return row;
  const definition = deps.definitionOf(row.kind);
  const connection = await deps.connections.get(row.connectionId);
  const fail = async (reason: string) => {
    const failed = await deps.db.transaction((tx) =>
      deps.repo.transition(tx, row.id, 'pending', { status: 'failed', lastError: reason }),
    );
    if (failed) await definition?.onChange?.(failed);
    return failed;
  };
  if (!definition) return fail(`Pinpoint does not know how to send "${row.kind}".`);
  if (!connection || connection.status === 'disconnected') {
    return fail('The account is not connected any more.');
  }
  await deps.repo.countAttempt(row.id);
  let result: Record<string, unknown>;
  try {
    const payload = definition.payload.parse(row.payload);
    const access = deps.accessOf(connection);
    result = await deps
      .gateOf(connection.vendor)
      .run(() => definition.send({ row, payload, connection, access }));
  } catch (error) {
    const reason = error instanceof VendorError ? error.message : 'The write could not be sent.';
    if (error instanceof VendorError && error.needsAttention) {
      await deps.connections.update(connection.id, { status: 'needs_attention' });
    }
    const retry = error instanceof VendorError && error.retryable && attempt < OUTBOX_RETRY_LIMIT;
    if (retry) {
      await deps.repo.noteError(row.id, reason);
      throw error;
    }
    deps.log.warn({ outboxId: row.id, kind: row.kind, reason }, 'vendor write failed');
    return fail(reason);
  }
  const sent = await deps.db.transaction(async (tx) => {
    const marked = await deps.repo.transition(tx, row.id, 'pending', {
      status: 'sent',
      sentAt: new Date(),
      lastError: null,
    });
    if (marked)
      await definition.applySent?.(tx, marked, definition.payload.parse(row.payload), result);
    return marked;
  });
  if (sent) await definition.onChange?.(sent);
  return sent;
}
