import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { DEFAULT_GATE_POLICY, type VendorGatePolicy } from '../../config/vendor-gate-policy';
import type { Db } from '../../kernel/db/database';
import { defineJob } from '../../kernel/jobs/define-job';
import type { JobQueue } from '../../kernel/jobs/job-queue';
import type { SecretBox } from '../../kernel/lib/secret-box';
import type { ConnectionAccess } from '../../providers/kernel/connection-access';
import type { EventPublisher } from '../realtime/event-bus';
import {
  type ConnectionRow,
  createVendorConnectionsRepository,
} from '../vendor-connections/vendor-connections.repository';
import { openConnectionAccess } from './connection-access';
import { type SyncDefinition, syncJobName } from './define-sync';
import { OUTBOX_RETRY_LIMIT, type OutboxWriteDefinition, sendOutboxRow } from './outbox';
import { createOutboxRepository, type NewOutboxRow, type OutboxRow } from './outbox.repository';
import { runSync, type SyncRunResult } from './sync-runner';
import { findDueSyncs } from './sync-schedule';
import { createVendorGate, type VendorGate } from './vendor-gate';

export interface VendorSync {
  /** Seals and opens vendor secrets (AES-256-GCM). */
  secrets: SecretBox;
  /** While the app loads: one job kind per (vendor, dataset). */
  registerSync<Item>(definition: SyncDefinition<Item>): void;
  registerWrite(definition: OutboxWriteDefinition): void;
  /** Queues every sync of the connection's vendor ("Sync now"); answers the datasets queued. */
  syncNow(connectionId: number): Promise<string[]>;
  /** Runs one sync here and now (tests, the seed, benchmarks); the job does the same. */
  runSync(connectionId: number, dataset: string, signal?: AbortSignal): Promise<SyncRunResult>;
  /** Stores a write once per idempotency key; a `pending` one is queued for sending. */
  enqueueWrite(row: NewOutboxRow): Promise<{ row: OutboxRow; created: boolean }>;
  /** An approved write: awaiting_approval → pending, and queued. */
  release(outboxId: number, approvedBy: number): Promise<OutboxRow | null>;
  /** A declined write: awaiting_approval → declined (never sent), with the client's reason. */
  decline(outboxId: number, reason?: string): Promise<OutboxRow | null>;
  /**
   * Changes a waiting write's payload or send time (null: now), or cancels it; null when it
   * is no longer waiting or too close to its send time (outbox.repository AMEND_MARGIN_SECONDS).
   */
  amend(
    outboxId: number,
    changes: { payload?: Record<string, unknown>; sendAfter?: Date | null; cancel?: boolean },
  ): Promise<OutboxRow | null>;
  /** Sends one write here and now (tests); the job does the same. */
  sendNow(outboxId: number, attempt?: number): Promise<OutboxRow | null>;
  accessOf(connection: ConnectionRow): ConnectionAccess;
  gateOf(vendor: string): VendorGate;
  /**
   * Called after every sync run that wrote rows, by job or by `runSync` (the leads center
   * reads the lead sources' new rows this way, whatever area synced them). A listener's
   * failure is logged and never fails the sync.
   */
  afterSync(listener: AfterSyncListener): void;
}

export type AfterSyncListener = (run: {
  vendor: string;
  dataset: string;
  connectionId: number;
  result: SyncRunResult;
}) => Promise<void> | void;

export interface VendorSyncDeps {
  db: Db;
  /** Where the sync, send and tick jobs are registered and sent. */
  jobs: Pick<JobQueue, 'register' | 'send' | 'schedule'>;
  /** Seals and opens vendor secrets (the plugin's from PINPOINT_SECRET_KEY). */
  secrets: SecretBox;
  events: EventPublisher;
  log: FastifyBaseLogger;
  /** Tests shorten backoffs. */
  gatePolicy?: Partial<VendorGatePolicy>;
}

/** Every 5 minutes: start the syncs that are due, and re-queue writes whose job was lost. */
const TICK_CRON = '*/5 * * * *';
const STALE_PENDING_MS = 10 * 60_000;

/**
 * The shared frame of vendor data (docs/architecture.md "Vendor data"): connections'
 * secrets, sync jobs, the outbox and its send job, and the per-vendor gates. Areas
 * register their syncs and writes on it while the app loads (vendor-sync.plugin.ts makes
 * it `app.vendorSync`); `storeTickSchedule` stores the tick's cron schedule.
 */
export function createVendorSync(
  deps: VendorSyncDeps,
): VendorSync & { storeTickSchedule(): Promise<void> } {
  const { db, jobs, secrets, log } = deps;
  const connections = createVendorConnectionsRepository(db);
  const outboxRepo = createOutboxRepository(db);
  /** Each registered sync with its job kind, by job name. */
  const syncs = new Map<string, { definition: SyncDefinition; job: SyncJob }>();
  const writes = new Map<string, OutboxWriteDefinition>();
  const gates = new Map<string, VendorGate>();
  const policy = { ...DEFAULT_GATE_POLICY, ...deps.gatePolicy };

  const gateOf = (vendor: string) => {
    let gate = gates.get(vendor);
    if (!gate) {
      gate = createVendorGate(vendor, policy);
      gates.set(vendor, gate);
    }
    return gate;
  };
  const accessOf = (connection: ConnectionRow): ConnectionAccess =>
    openConnectionAccess(secrets, connection);
  const runnerDeps = { db, gateOf, accessOf, events: deps.events, log };
  const afterSyncListeners: AfterSyncListener[] = [];
  /** A run, then its listeners when it wrote anything. */
  const runAndTell = async (
    definition: SyncDefinition,
    connectionId: number,
    signal?: AbortSignal,
  ): Promise<SyncRunResult> => {
    const result = await runSync(runnerDeps, definition, connectionId, signal);
    if (result.itemsWritten > 0) {
      const run = {
        vendor: definition.vendor,
        dataset: definition.dataset,
        connectionId,
        result,
      };
      for (const listener of afterSyncListeners) {
        try {
          await listener(run);
        } catch (error) {
          log.error({ err: error, connectionId }, 'after-sync listener failed');
        }
      }
    }
    return result;
  };
  const senderDeps = {
    db,
    repo: outboxRepo,
    connections,
    definitionOf: (kind: string) => writes.get(kind),
    gateOf,
    accessOf,
    log,
  };

  type SyncJob = ReturnType<typeof makeSyncJob>;
  function makeSyncJob(definition: SyncDefinition) {
    return defineJob({
      name: syncJobName(definition),
      payload: z.object({ connectionId: z.number().int().positive() }),
      // One run per connection at a time; a "Sync now" while one waits is the same run.
      singletonKey: (p) => String(p.connectionId),
      retryLimit: 3,
      retryDelaySeconds: 30,
      expireInSeconds: 15 * 60,
      concurrency: 2,
      handler: async ({ connectionId }, { signal }) => runAndTell(definition, connectionId, signal),
    });
  }
  const sendJob = defineJob({
    name: 'outbox.send',
    payload: z.object({ outboxId: z.number().int().positive() }),
    singletonKey: (p) => String(p.outboxId),
    retryLimit: OUTBOX_RETRY_LIMIT,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    concurrency: 4,
    handler: async ({ outboxId }, { attempt }) => sendOutboxRow(senderDeps, outboxId, attempt),
  });
  // A scheduled write gets a job at its time. No singleton key here: a reschedule queues
  // another job, and the one whose time is no longer the row's finds it not due and stops.
  const sendAtJob = defineJob({
    name: 'outbox.send-at',
    payload: z.object({ outboxId: z.number().int().positive() }),
    retryLimit: OUTBOX_RETRY_LIMIT,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    concurrency: 4,
    handler: async ({ outboxId }, { attempt }) => sendOutboxRow(senderDeps, outboxId, attempt),
  });
  /** Queues the send of a pending row: now, or at its scheduled time. */
  const queueSend = async (row: OutboxRow) => {
    if (row.sendAfter && row.sendAfter.getTime() > Date.now()) {
      await jobs.send(sendAtJob, { outboxId: row.id }, { startAfter: row.sendAfter });
    } else {
      await jobs.send(sendJob, { outboxId: row.id });
    }
  };
  const tickJob = defineJob({
    name: 'vendor-sync.tick',
    payload: z.object({}),
    retryLimit: 0,
    handler: async () => {
      for (const { definition, job } of syncs.values()) {
        for (const connectionId of await findDueSyncs(db, definition, new Date())) {
          await jobs.send(job, { connectionId });
        }
      }
      const stale = await outboxRepo.stalePending(new Date(Date.now() - STALE_PENDING_MS), 500);
      for (const row of stale) await jobs.send(sendJob, { outboxId: row.id });
    },
  });
  jobs.register(sendJob);
  jobs.register(sendAtJob);
  jobs.register(tickJob);

  const vendorSync: VendorSync = {
    secrets,
    registerSync(definition) {
      const name = syncJobName(definition);
      if (syncs.has(name)) throw new Error(`Sync ${name} is registered twice`);
      const job = makeSyncJob(definition as SyncDefinition);
      syncs.set(name, { definition: definition as SyncDefinition, job });
      jobs.register(job);
    },
    registerWrite(definition) {
      if (writes.has(definition.kind)) throw new Error(`Write ${definition.kind} twice`);
      writes.set(definition.kind, definition);
    },
    async syncNow(connectionId) {
      const connection = await connections.get(connectionId);
      if (!connection) return [];
      const queued: string[] = [];
      for (const { definition, job } of syncs.values()) {
        if (definition.vendor !== connection.vendor) continue;
        await jobs.send(job, { connectionId });
        queued.push(definition.dataset);
      }
      return queued;
    },
    async runSync(connectionId, dataset, signal) {
      const connection = await connections.get(connectionId);
      const definition =
        connection && syncs.get(syncJobName({ vendor: connection.vendor, dataset }))?.definition;
      if (!definition) throw new Error(`No ${dataset} sync for connection ${connectionId}`);
      return runAndTell(definition, connectionId, signal);
    },
    async enqueueWrite(row) {
      const stored = await outboxRepo.insertOnce(row);
      if (stored.created && stored.row.status === 'pending') await queueSend(stored.row);
      return stored;
    },
    async release(outboxId, approvedBy) {
      const row = await db.transaction((tx) =>
        outboxRepo.transition(tx, outboxId, 'awaiting_approval', {
          status: 'pending',
          approvedBy,
        }),
      );
      if (row) {
        await queueSend(row);
        await writes.get(row.kind)?.onChange?.(row);
      }
      return row;
    },
    async decline(outboxId, reason) {
      // The reason it did not go out, as a failure's is: the writer reads it on the write.
      const row = await db.transaction((tx) =>
        outboxRepo.transition(tx, outboxId, 'awaiting_approval', {
          status: 'declined',
          lastError: reason ?? null,
        }),
      );
      if (row) await writes.get(row.kind)?.onChange?.(row);
      return row;
    },
    async amend(outboxId, { payload, sendAfter, cancel }) {
      const row = await outboxRepo.amendWaiting(outboxId, {
        ...(payload && { payload }),
        ...(sendAfter !== undefined && { sendAfter }),
        ...(cancel && { status: 'cancelled' }),
      });
      if (row?.status === 'pending' && sendAfter !== undefined) await queueSend(row);
      if (row) await writes.get(row.kind)?.onChange?.(row);
      return row;
    },
    sendNow: (outboxId, attempt = OUTBOX_RETRY_LIMIT) =>
      sendOutboxRow(senderDeps, outboxId, attempt),
    accessOf,
    gateOf,
    afterSync(listener) {
      afterSyncListeners.push(listener);
    },
  };
  return {
    ...vendorSync,
    storeTickSchedule: async () => {
      await jobs.schedule(tickJob, { cron: TICK_CRON }, {});
    },
  };
}
