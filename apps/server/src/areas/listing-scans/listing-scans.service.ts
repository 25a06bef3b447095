import {
  LISTING_DIRECTORIES,
  LISTING_SCAN_PRODUCTS,
  type ListingFix,
  type ListingFixInput,
  type ListingScanData,
  type ListingScanDataQuery,
  type ListingScanSummary,
  type ListingScanRow as ListingScanTableRow,
  NAP_FIELD_LABELS,
  type NapField,
} from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError, accessDenied, badRequest, conflict, notFound } from '../../kernel/lib/app-error';
import { productAccess, slugIn } from '../../platform/product-access/product-access';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { NewOutboxRow, OutboxRow } from '../../platform/vendor-sync/outbox.repository';
import { VendorError } from '../../providers/kernel/vendor-errors';
import type { ListingScanEngine } from './listing-scan.engine';
import { type ListingFixPayload, listingFixPayload, publishFixChanged } from './listing-scan-fix';
import {
  LISTING_FIX_KIND,
  LISTING_FIX_SUBJECT,
  type ListingScanResultRow,
  type ListingScansRepository,
} from './listing-scans.repository';
import { napValues, readStoredNap, scanCounts } from './nap-compare';

const SCAN_PRODUCTS = new Set<string>(LISTING_SCAN_PRODUCTS);
const isStaff = (p: Principal) => p.perm || p.admin;

export interface ListingScansServiceDeps {
  db: Db;
  repo: ListingScansRepository;
  engine: ListingScanEngine;
  enqueueWrite(row: NewOutboxRow): Promise<{ row: OutboxRow; created: boolean }>;
  events: EventPublisher;
}

function fixView(row: OutboxRow, payload: ListingFixPayload): ListingFix {
  const status =
    row.status === 'sent'
      ? 'sent'
      : ['failed', 'declined', 'cancelled'].includes(row.status)
        ? 'failed'
        : 'pending';
  return {
    outboxId: row.id,
    status,
    fields: payload.fields,
    error: status === 'failed' ? (row.lastError ?? 'The fix was not sent.') : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** Business-listings scans of a product: read from our tables; writes through the outbox. */
export function createListingScansService(deps: ListingScansServiceDeps) {
  const { repo } = deps;

  async function scopeOf(principal: Principal, productId: number) {
    const { product } = await productAccess(deps.db, principal, productId, {
      accepts: slugIn(SCAN_PRODUCTS),
      noReport: 'This product has no listing scans.',
    });
    return product;
  }

  function staffOnly(principal: Principal) {
    if (!isStaff(principal)) throw accessDenied("Only the agency's staff can do this.");
  }

  /** Each directory's newest result: the running scan's where it has one, else the last finished. */
  async function currentRows(productId: number) {
    const [done, running] = await Promise.all([
      repo.latestScan(productId, ['done']),
      repo.latestScan(productId, ['running']),
    ]);
    const rows = new Map<string, ListingScanResultRow>();
    if (done) for (const r of await repo.resultsOf(done.id)) rows.set(r.directory, r);
    if (running && (!done || running.id > done.id)) {
      for (const r of await repo.resultsOf(running.id)) rows.set(r.directory, r);
    }
    return { done, running: running && (!done || running.id > done.id) ? running : null, rows };
  }

  async function latestFixes(productId: number) {
    const byDirectory = new Map<string, ListingFix>();
    for (const row of await repo.fixes(productId)) {
      const payload = listingFixPayload.safeParse(row.payload);
      if (!payload.success || byDirectory.has(payload.data.directory)) continue;
      byDirectory.set(payload.data.directory, fixView(row, payload.data));
    }
    return byDirectory;
  }

  function tableRow(r: ListingScanResultRow, fix: ListingFix | null): ListingScanTableRow {
    const directory = LISTING_DIRECTORIES.find((d) => d.slug === r.directory);
    return {
      directory: r.directory,
      name: directory?.name ?? r.directory,
      url: directory?.url ?? '',
      status: r.status as ListingScanTableRow['status'],
      listingUrl: r.listingUrl,
      found: r.status === 'found' ? napValues(readStoredNap(r.found)) : null,
      fields: r.fields as ListingScanTableRow['fields'],
      duplicates: r.duplicates,
      reason: r.reason,
      checkedAt: r.checkedAt.toISOString(),
      fix,
    };
  }

  const hasIssue = (r: ListingScanTableRow) =>
    r.status === 'found' &&
    Object.values(r.fields).some((s) => s === 'mismatch' || s === 'missing');

  return {
    /** The listings products answer on the Google listing's path (listings.routes.ts). */
    async owns(productId: number): Promise<boolean> {
      const product = await repo.product(productId);
      return !!product && SCAN_PRODUCTS.has(product.slug);
    },

    async summary(principal: Principal, productId: number): Promise<ListingScanSummary> {
      const product = await scopeOf(principal, productId);
      const { done, running, rows } = await currentRows(productId);
      const doneRows = done ? await repo.resultsOf(done.id) : [];
      const counts = scanCounts(doneRows);
      const ours = await repo.companyNap(product.companyId);
      return {
        kind: 'directory-scan',
        productId,
        companyId: product.companyId,
        score: done?.score ?? null,
        checkedAt: done?.finishedAt?.toISOString() ?? null,
        counts: { directories: doneRows.length, ...counts },
        running: running
          ? {
              scanId: running.id,
              done: [...rows.values()].filter((r) => r.scanId === running.id).length,
              total: running.directories.length,
            }
          : null,
        ours: napValues(ours),
        canManage: isStaff(principal),
      };
    },

    async data(
      principal: Principal,
      productId: number,
      query: ListingScanDataQuery,
    ): Promise<ListingScanData> {
      await scopeOf(principal, productId);
      const [{ done, rows }, fixes, history] = await Promise.all([
        currentRows(productId),
        latestFixes(productId),
        repo.history(productId),
      ]);
      const q = query.q.toLowerCase();
      const all = [...rows.values()]
        .map((r) => tableRow(r, fixes.get(r.directory) ?? null))
        .sort((a, b) => a.name.localeCompare(b.name));
      const filtered = all.filter((r) => {
        if (query.status === 'found' && r.status !== 'found') return false;
        if (query.status === 'not_found' && r.status !== 'not_found') return false;
        if (query.status === 'mismatch' && !hasIssue(r)) return false;
        if (query.status === 'duplicate' && r.duplicates === 0) return false;
        if (!q) return true;
        const text = [r.name, r.directory, ...Object.values(r.found ?? {})].join(' ').toLowerCase();
        return text.includes(q);
      });
      const start = (query.page - 1) * query.pageSize;
      return {
        productId,
        scanId: done?.id ?? null,
        checkedAt: done?.finishedAt?.toISOString() ?? null,
        items: filtered.slice(start, start + query.pageSize),
        total: filtered.length,
        page: query.page,
        pageSize: query.pageSize,
        history: history.map((h) => ({
          scanId: h.id,
          at: (h.at ?? new Date()).toISOString(),
          score: h.score ?? 0,
        })),
      };
    },

    /** "Rescan" (staff): a new scan, or the one under way. */
    async rescan(principal: Principal, productId: number) {
      const product = await scopeOf(principal, productId);
      staffOnly(principal);
      const { scan, started } = await deps.engine
        .startScan(product, 'manual', principal.userId)
        .catch((error: unknown) => {
          // Only the first scan calls the vendor here (to create the location there).
          if (!(error instanceof VendorError)) throw error;
          throw new AppError(
            503,
            'SERVICE_UNAVAILABLE',
            `The scan did not start: ${error.message}`,
          );
        });
      return { scanId: scan.id, started, total: scan.directories.length };
    },

    /** "Fix" (staff): our values of the chosen fields sent to one directory, by the outbox. */
    async fix(
      principal: Principal,
      productId: number,
      input: ListingFixInput,
    ): Promise<ListingFix> {
      const product = await scopeOf(principal, productId);
      staffOnly(principal);
      if (!LISTING_DIRECTORIES.some((d) => d.slug === input.directory)) {
        throw badRequest('Unknown directory.', [
          { path: 'body.directory', message: `"${input.directory}" is not a directory we scan.` },
        ]);
      }
      const connection = await repo.connectionOf(product.companyId);
      const last = await repo.latestScan(productId, ['done']);
      const result = last
        ? (await repo.resultsOf(last.id)).find((r) => r.directory === input.directory)
        : undefined;
      if (!connection || !result) throw conflict('Scan the listings first.');
      if (result.status !== 'found') {
        throw conflict('The business is not listed on this directory: there is nothing to fix.');
      }
      const ours = await repo.companyNap(product.companyId);
      if (!ours) throw notFound('No such client.');
      const fields = [...new Set(input.fields)];
      const empty = fields.filter(
        (f: NapField) => result.fields[f] === 'not_compared' || !napValues(ours)[f],
      );
      if (empty.length) {
        throw badRequest(
          'Some fields cannot be fixed.',
          empty.map((f) => ({
            path: `body.fields.${input.fields.indexOf(f)}`,
            message: `Pinpoint has no ${NAP_FIELD_LABELS[f].toLowerCase()} for this company.`,
          })),
        );
      }
      const payload: ListingFixPayload = {
        productId,
        directory: input.directory,
        fields,
        values: ours,
      };
      const { row } = await deps.enqueueWrite({
        companyId: product.companyId,
        connectionId: connection.id,
        kind: LISTING_FIX_KIND,
        idempotencyKey: `${LISTING_FIX_KIND}:${principal.userId}:${input.idempotencyKey}`,
        subjectType: LISTING_FIX_SUBJECT,
        subjectId: productId,
        payload,
        status: 'pending',
        createdBy: principal.userId,
      });
      publishFixChanged(deps.events, product.companyId, payload, row.status);
      return fixView(row, listingFixPayload.parse(row.payload));
    },
  };
}

export type ListingScansService = ReturnType<typeof createListingScansService>;
