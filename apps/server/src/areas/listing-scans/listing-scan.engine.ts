import {
  LISTING_DIRECTORIES,
  LISTING_SCAN_PRODUCTS,
  NAP_FIELD_LABELS,
  NAP_FIELDS,
  type NapField,
} from '@pinpoint/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../kernel/jobs/define-job';
import type { JobQueue } from '../../kernel/jobs/job-queue';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import type { VendorGate } from '../../platform/vendor-sync/vendor-gate';
import type { ConnectionAccess } from '../../providers/kernel/connection-access';
import { VendorError } from '../../providers/kernel/vendor-errors';
import { LISTINGS_VENDOR } from '../../providers/kernel/vendor-ids';
import type {
  ListingsVendorProvider,
  VendorDirectoryListing,
  VendorNap,
} from '../../providers/listings-vendor/port';
import type {
  ListingScanRow,
  ListingScansRepository,
  NewListingScanResult,
} from './listing-scans.repository';
import { compareNap, napScore, readStoredNap, sameNapField, scanCounts } from './nap-compare';

/** How many times a directory's read runs before its result is "unavailable". */
export const DIRECTORY_RETRY_LIMIT = 2;
/** A scan still running after this long lost its jobs: it is failed and a new one may start. */
const STALE_SCAN_MS = 30 * 60_000;
/** Monthly: a product is due when its latest scan began this long ago. */
export const SCAN_EVERY_DAYS = 30;

export interface ListingScanEngineDeps {
  repo: ListingScansRepository;
  provider: ListingsVendorProvider;
  jobs: () => JobQueue;
  gate: () => VendorGate;
  accessOf(connection: ConnectionRow): ConnectionAccess;
  events: EventPublisher;
  log: FastifyBaseLogger;
  /** The directories a scan checks; the bench passes a longer list. */
  directories?: () => readonly string[];
}

const directoryName = (slug: string) =>
  LISTING_DIRECTORIES.find((d) => d.slug === slug)?.name ?? slug;

/** A directory's answer as stored: found values, each field against ours, duplicates. */
export function resultOf(
  scanId: number,
  listing: VendorDirectoryListing,
  ours: VendorNap,
): NewListingScanResult {
  if (!listing.found || !listing.nap) {
    return {
      scanId,
      directory: listing.directory,
      status: 'not_found',
      listingUrl: null,
      found: null,
      fields: {},
      duplicates: listing.duplicates.length,
      reason: null,
      checkedAt: listing.checkedAt,
    };
  }
  return {
    scanId,
    directory: listing.directory,
    status: 'found',
    listingUrl: listing.listingUrl,
    found: listing.nap as unknown as Record<string, string | null>,
    fields: compareNap(ours, listing.nap),
    duplicates: listing.duplicates.length,
    reason: null,
    checkedAt: listing.checkedAt,
  };
}

/** The scan queue: one job per (scan, directory), and the monthly tick. */
export function createListingScanEngine(deps: ListingScanEngineDeps) {
  const { repo } = deps;
  const directories = deps.directories ?? (() => LISTING_DIRECTORIES.map((d) => d.slug));

  function publish(scan: ListingScanRow, done: number) {
    deps.events.publish({
      type: 'listing-scan.progress',
      payload: {
        companyId: scan.companyId,
        productId: scan.productId,
        scanId: scan.id,
        done,
        total: scan.directories.length,
        state: scan.state as 'running' | 'done' | 'failed',
        score: scan.score,
      },
      audience: { client: scan.companyId },
    });
  }

  const directoryJob: JobDefinition = defineJob({
    name: 'listing-scan.directory',
    payload: z.object({ scanId: z.number().int().positive(), directory: z.string().min(1) }),
    singletonKey: (p) => `${p.scanId}:${p.directory}`,
    retryLimit: DIRECTORY_RETRY_LIMIT,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 60,
    concurrency: 4,
    // A person watches a rescan's progress: idle workers look for directories often.
    pollingIntervalSeconds: 0.5,
    handler: async ({ scanId, directory }, { attempt, signal }) =>
      checkDirectory(scanId, directory, attempt, signal),
  });

  const tickJob: JobDefinition = defineJob({
    name: 'listing-scan.tick',
    payload: z.object({}),
    retryLimit: 0,
    handler: async () => {
      await runDue(new Date());
    },
  });

  /** Reads one directory (through the vendor's gate) and stores its result. */
  async function checkDirectory(
    scanId: number,
    directory: string,
    attempt: number,
    signal?: AbortSignal,
  ) {
    const scan = await repo.scan(scanId);
    if (scan?.state !== 'running') return;
    const [connection, ours] = await Promise.all([
      repo.connectionOf(scan.companyId),
      repo.companyNap(scan.companyId),
    ]);
    let result: NewListingScanResult;
    try {
      if (!connection || !ours)
        throw new VendorError(
          LISTINGS_VENDOR,
          'not_found',
          'The listings location is not connected.',
        );
      const access = deps.accessOf(connection);
      const listing = await deps
        .gate()
        .run(() => deps.provider.getListing(access, directory, new Date(), signal));
      result = resultOf(scanId, { ...listing, directory }, ours);
    } catch (error) {
      // Retry what may pass; then the directory is "unavailable" with the reason, never blank.
      if (error instanceof VendorError && error.retryable && attempt < DIRECTORY_RETRY_LIMIT) {
        throw error;
      }
      const reason =
        error instanceof VendorError ? error.message : 'The directory could not be read.';
      if (!(error instanceof VendorError))
        deps.log.warn({ err: error, scanId, directory }, 'listing scan read failed');
      result = {
        scanId,
        directory,
        status: 'unavailable',
        fields: {},
        reason,
        checkedAt: new Date(),
      };
    }
    await repo.upsertResult(result);
    const done = await repo.countResults(scanId);
    if (done >= scan.directories.length) await finish(scanId);
    else publish(scan, done);
  }

  /** The last result is in: score, counts, alerts for what changed, and the news. */
  async function finish(scanId: number) {
    const results = await repo.resultsOf(scanId);
    const finished = await repo.finishScan(scanId, napScore(results), scanCounts(results));
    if (!finished) return; // another job finished it
    await raiseAlerts(finished, results);
    publish(finished, results.length);
  }

  /**
   * A `listing` alert when a directory's data changed since the previous scan (not on the
   * first) or a duplicate appeared. Changes our own sent fixes explain are not news.
   */
  async function raiseAlerts(
    scan: ListingScanRow,
    results: Awaited<ReturnType<typeof repo.resultsOf>>,
  ) {
    const previous = await repo.previousDone(scan.productId, scan);
    if (!previous) return;
    const before = new Map((await repo.resultsOf(previous.id)).map((r) => [r.directory, r]));
    const fixed = new Set(
      (await repo.fixes(scan.productId))
        .filter((f) => f.status === 'sent' && f.sentAt && f.sentAt >= previous.startedAt)
        .flatMap((f) => {
          const p = f.payload as { directory?: string; fields?: string[] };
          return (p.fields ?? []).map((field) => `${p.directory}:${field}`);
        }),
    );
    const changed: string[] = [];
    const duplicated: string[] = [];
    for (const now of results) {
      const was = before.get(now.directory);
      if (!was || now.status === 'unavailable' || was.status === 'unavailable') continue;
      const name = directoryName(now.directory);
      if (now.duplicates > 0 && was.duplicates === 0) duplicated.push(name);
      if (now.status !== was.status) {
        changed.push(`${name} (${now.status === 'found' ? 'now listed' : 'listing gone'})`);
        continue;
      }
      if (now.status !== 'found') continue;
      const a = readStoredNap(was.found);
      const b = readStoredNap(now.found);
      const fields = NAP_FIELDS.filter(
        (f: NapField) =>
          !sameNapField(f, a, b) &&
          !(fixed.has(`${now.directory}:${f}`) && now.fields[f] === 'match'),
      );
      if (fields.length) {
        changed.push(
          `${name} (${fields.map((f) => NAP_FIELD_LABELS[f].toLowerCase()).join(', ')})`,
        );
      }
    }
    if (!changed.length && !duplicated.length) return;
    const title = duplicated.length
      ? `Duplicate listing found on ${duplicated.join(', ')}`
      : `Listings changed on ${changed.length} ${changed.length === 1 ? 'directory' : 'directories'}`;
    const lines = [
      ...(changed.length ? [`Changed since the last scan: ${changed.join('; ')}.`] : []),
      ...(duplicated.length ? [`A duplicate listing appeared on ${duplicated.join(', ')}.`] : []),
    ];
    await repo.insertAlert(scan.companyId, title, lines.join(' '), {
      productId: scan.productId,
      scanId: scan.id,
      changed,
      duplicated,
    });
  }

  /**
   * Starts a scan of the product (or answers the one under way): the vendor is asked to
   * look again, then one job per directory is queued (after the scan row is committed).
   */
  async function startScan(
    product: { id: number; companyId: number },
    trigger: 'manual' | 'scheduled',
    createdBy: number | null,
    /** Another directory list (the bench scans 60); default, LISTING_DIRECTORIES. */
    only?: readonly string[],
  ) {
    const running = await repo.latestScan(product.id, ['running']);
    if (running && Date.now() - running.startedAt.getTime() < STALE_SCAN_MS) {
      return { scan: running, started: false };
    }
    if (running) await repo.failScan(running.id);
    const connection = await ensureConnection(product);
    try {
      const access = deps.accessOf(connection);
      await deps.gate().run(() => deps.provider.requestRescan(access));
    } catch (error) {
      // The vendor's copy may be older; each directory's read still says what it can.
      deps.log.warn({ err: error, productId: product.id }, 'listings rescan request failed');
    }
    const scan = await repo.createScan({
      companyId: product.companyId,
      productId: product.id,
      connectionId: connection.id,
      trigger,
      directories: [...(only ?? directories())],
      createdBy,
    });
    for (const directory of scan.directories) {
      await deps.jobs().send(directoryJob, { scanId: scan.id, directory });
    }
    publish(scan, 0);
    return { scan, started: true };
  }

  /** The company's location at the vendor, created there ("create") on its first scan. */
  async function ensureConnection(product: { id: number; companyId: number }) {
    const existing = await repo.connectionOf(product.companyId);
    if (existing) return existing;
    const nap = await repo.companyNap(product.companyId);
    if (!nap) throw new Error(`company ${product.companyId} not found`);
    const { locationId } = await deps.gate().run(() => deps.provider.createLocation(nap));
    const created =
      (await repo.connect(product.companyId, locationId)) ??
      (await repo.connectionOf(product.companyId));
    if (!created) throw new Error('listings connection could not be stored');
    await repo.linkProduct(product.id, created.id);
    return created;
  }

  /** The monthly tick: every listings product whose latest scan is 30 days old. */
  async function runDue(now: Date) {
    const before = new Date(now.getTime() - SCAN_EVERY_DAYS * 86_400_000);
    const due = await repo.dueProducts(LISTING_SCAN_PRODUCTS, before);
    for (const productId of due) {
      const product = await repo.product(productId);
      if (!product) continue;
      try {
        await startScan(product, 'scheduled', null);
      } catch (error) {
        deps.log.warn({ err: error, productId }, 'scheduled listing scan did not start');
      }
    }
    return due.length;
  }

  return { directoryJob, tickJob, startScan, checkDirectory, finish, runDue };
}

export type ListingScanEngine = ReturnType<typeof createListingScanEngine>;
