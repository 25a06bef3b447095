import {
  addCalendarDays,
  CALL_RECORDING_CONTENT_TYPE,
  CALL_RECORDING_TYPE_ERROR,
  type CtmCallList,
  type CtmSummary,
  callStatusSchema,
  type ctmCallsQuerySchema,
  type ctmSummaryQuerySchema,
  rangeInstants,
  todayIn,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { notFound } from '../../kernel/lib/app-error';
import { playRecording } from '../../platform/call-recordings/call-recordings';
import { freshnessOf, productScope } from '../../platform/product-access/product-access';
import type { ProductInstance } from '../../platform/product-pages/product-instance.query';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import type { VendorGate } from '../../platform/vendor-sync/vendor-gate';
import type { CallTrackingProvider } from '../../providers/call-tracking/port';
import type { ConnectionAccess } from '../../providers/kernel/connection-access';
import { CALL_TRACKING_VENDOR } from '../../providers/kernel/vendor-ids';
import type { CallRow, CallTrackingRepository } from './call-tracking.repository';

/** The product whose page is the call report; other products show calls only when linked. */
export const CALLS_PRODUCT_SLUG = 'google-calls-advisor';
/** A summary without a range covers this many days up to today. */
const DEFAULT_RANGE_DAYS = 30;

type SummaryQuery = z.output<typeof ctmSummaryQuerySchema>;
type CallsQuery = z.output<typeof ctmCallsQuerySchema>;

export interface CallTrackingServiceDeps {
  db: Db;
  repo: CallTrackingRepository;
  provider: CallTrackingProvider;
  gate: () => VendorGate;
  /** The connection with its secrets opened, for fetching a live recording. */
  access(connection: ConnectionRow): ConnectionAccess;
}

function toCall(row: CallRow) {
  return {
    id: Number(row.id),
    calledAt: row.calledAt.toISOString(),
    source: row.source,
    trackingNumber: row.trackingNumber,
    trackingNumberName: row.trackingNumberName,
    callerNumber: row.callerNumber,
    callerCity: row.callerCity,
    callerState: row.callerState,
    durationSeconds: row.durationSeconds,
    talkTimeSeconds: row.talkTimeSeconds,
    status: callStatusSchema.parse(row.status),
    firstTime: row.firstTime,
    hasRecording: Boolean(row.recordingUrl),
  };
}

/**
 * The call report's rules. Which products show calls: `google-calls-advisor` always (its
 * page says when no account is connected), and any other product linked to a call-tracking
 * connection of its company, by `vendor_connection_id` or by `externalRefs.
 * callTrackingAccountId` naming the account. Every other product answers 404 here.
 */
export function createCallTrackingService(deps: CallTrackingServiceDeps) {
  const { repo } = deps;

  /** A company account the product names in its external refs; the calls product's default. */
  async function namedConnection(product: ProductInstance): Promise<ConnectionRow | null> {
    const candidates = await repo.companyConnections(product.companyId);
    const account = (await repo.externalRefs(product.id))?.callTrackingAccountId;
    const named =
      typeof account === 'string' && candidates.find((c) => c.externalAccount === account);
    if (named) return named;
    // The calls product reads its company's account even when the link was not recorded.
    return product.slug === CALLS_PRODUCT_SLUG ? (candidates[0] ?? null) : null;
  }

  async function scope(principal: Principal, productId: number) {
    // Every product passes the access check: whether it has calls depends on its connection.
    const s = await productScope(deps.db, principal, productId, { vendor: CALL_TRACKING_VENDOR });
    const connection = s.connection ?? (await namedConnection(s.product));
    if (!connection && s.product.slug !== CALLS_PRODUCT_SLUG) {
      throw notFound('This product has no call tracking.');
    }
    return { connection, zone: s.zone, freshness: freshnessOf(connection) };
  }

  return {
    async summary(
      principal: Principal,
      productId: number,
      query: SummaryQuery,
    ): Promise<CtmSummary> {
      const s = await scope(principal, productId);
      const zone = query.tz ?? s.zone;
      const to = query.to ?? todayIn(zone);
      const from = query.from ?? addCalendarDays(to, -(DEFAULT_RANGE_DAYS - 1));
      const { start, end } = rangeInstants({ from, to }, zone);
      const id = s.connection?.id ?? null;
      const [rows, average, numbers] = id
        ? await Promise.all([
            repo.dailyCounts(id, start, end, zone),
            repo.averageAnsweredDuration(id, start, end),
            repo.trackingNumbers(id),
          ])
        : [[], null, []];

      const bySourceTotal = new Map<string, number>();
      for (const r of rows)
        bySourceTotal.set(r.source, (bySourceTotal.get(r.source) ?? 0) + r.calls);
      const sources = [...bySourceTotal.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([source, calls]) => ({ source, calls }));
      const sourceIndex = new Map(sources.map((x, i) => [x.source, i]));

      const days: CtmSummary['days'] = [];
      const dayIndex = new Map<string, number>();
      for (let day = from; day <= to; day = addCalendarDays(day, 1)) {
        dayIndex.set(day, days.length);
        days.push({
          day,
          bySource: sources.map(() => 0),
          answered: 0,
          missed: 0,
          voicemail: 0,
          firstTime: 0,
        });
      }
      const totals = { calls: 0, answered: 0, missed: 0, voicemail: 0, firstTime: 0 };
      for (const r of rows) {
        const d = days[dayIndex.get(r.day) ?? -1];
        if (!d) continue;
        const status = callStatusSchema.parse(r.status);
        const i = sourceIndex.get(r.source) ?? 0;
        d.bySource[i] = (d.bySource[i] ?? 0) + r.calls;
        d[status] += r.calls;
        totals[status] += r.calls;
        totals.calls += r.calls;
        if (r.firstTime) {
          d.firstTime += r.calls;
          totals.firstTime += r.calls;
        }
      }
      return {
        from,
        to,
        freshness: s.freshness,
        totals: { ...totals, averageDurationSeconds: average },
        sources,
        days,
        trackingNumbers: numbers,
      };
    },

    async calls(principal: Principal, productId: number, query: CallsQuery): Promise<CtmCallList> {
      const s = await scope(principal, productId);
      const empty = {
        items: [],
        total: 0,
        page: query.page,
        pageSize: query.pageSize,
        sources: [],
        freshness: s.freshness,
      };
      if (!s.connection) return empty;
      const range =
        query.from && query.to
          ? rangeInstants({ from: query.from, to: query.to }, query.tz ?? s.zone)
          : null;
      const [{ total, rows }, sources] = await Promise.all([
        repo.listCalls(
          s.connection.id,
          {
            ...(range && { start: range.start, end: range.end }),
            ...(query.source && { source: query.source }),
            ...(query.status && { status: query.status }),
            ...(query.firstTime && { firstTime: query.firstTime === 'yes' }),
            ...(query.q && { q: query.q }),
          },
          query.page,
          query.pageSize,
        ),
        repo.sources(s.connection.id),
      ]);
      return { ...empty, items: rows.map(toCall), total, sources };
    },

    /**
     * A call's recording as MP3 bytes: a stored one from our database; a demo one from the
     * committed files; a live one fetched from the vendor once (through its gate) and
     * stored. Anything not audio/mpeg is refused with SPEC §5's message, never passed on.
     */
    async recording(
      principal: Principal,
      productId: number,
      callId: number,
    ): Promise<{ contentType: string; bytes: Buffer }> {
      const s = await scope(principal, productId);
      const call = s.connection ? await repo.call(s.connection.id, callId) : null;
      if (!s.connection || !call?.recordingUrl) throw notFound('This call has no recording.');
      const connection = s.connection;
      return playRecording({
        id: Number(call.id),
        url: call.recordingUrl,
        store: repo.recordings,
        gate: deps.gate,
        access: () => deps.access(connection),
        fetch: (access, url) => deps.provider.fetchRecording(access, url),
        contentType: CALL_RECORDING_CONTENT_TYPE,
        typeError: CALL_RECORDING_TYPE_ERROR,
      });
    },
  };
}

export type CallTrackingService = ReturnType<typeof createCallTrackingService>;
