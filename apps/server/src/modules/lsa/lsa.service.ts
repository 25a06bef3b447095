import {
  addCalendarDays,
  connectionStatusSchema,
  type DayRange,
  LSA_RECORDING_CONTENT_TYPE,
  LSA_RECORDING_TYPE_ERROR,
  type LsaLead,
  type LsaLeadList,
  type LsaMetrics,
  type LsaPerformance,
  type LsaReport,
  lsaCategoryLabel,
  lsaCreditStateSchema,
  lsaLeadStatusSchema,
  type lsaLeadsRequestSchema,
  lsaLeadTypeSchema,
  type lsaRangeRequestSchema,
  type lsaRecordingRequestSchema,
  rangeInstants,
} from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { clientCompanies } from '../../db/schema';
import { canAccessClient, type Principal } from '../../lib/access-policy';
import { AppError, accessDenied, notFound } from '../../lib/app-error';
import { LSA_VENDOR, type LsaProvider } from '../../providers/vendors/lsa-provider';
import { VendorError } from '../../providers/vendors/vendor-errors';
import { findProductInstance } from '../product-pages/product-instance.query';
import type { ConnectionRow } from '../vendor-connections/vendor-connections.repository';
import type { VendorGate } from '../vendor-sync/vendor-gate';
import type { LsaConversationRow, LsaLeadRow, LsaRepository } from './lsa.repository';

export const LSA_PRODUCT_SLUG = 'local-services-ads';

type RangeInput = z.output<typeof lsaRangeRequestSchema>;
type LeadsInput = z.output<typeof lsaLeadsRequestSchema>;
type RecordingInput = z.output<typeof lsaRecordingRequestSchema>;

export interface LsaServiceDeps {
  db: Db;
  repo: LsaRepository;
  provider: LsaProvider;
  gate: () => VendorGate;
  /** The connection with its secrets opened, for fetching a recording from Google. */
  connectionAccess(connectionId: number): Promise<{
    connection: ConnectionRow;
    access: Parameters<LsaProvider['fetchRecording']>[0];
  } | null>;
}

/** "Maria Garcia" → "Maria G."; "+15551230147" → "(•••) •••-0147": lists never show them whole. */
export function maskName(name: string | null): string | null {
  if (!name?.trim()) return null;
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : (first ?? null);
}
export function maskPhone(phone: string | null): string | null {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits.length >= 4 ? `(•••) •••-${digits.slice(-4)}` : null;
}

function toLead(row: LsaLeadRow, conversations: LsaConversationRow[]): LsaLead {
  return {
    id: Number(row.id),
    type: lsaLeadTypeSchema.parse(row.leadType),
    status: lsaLeadStatusSchema.parse(row.status),
    charged: row.charged,
    creditState: row.creditState ? lsaCreditStateSchema.parse(row.creditState) : null,
    category: lsaCategoryLabel(row.categoryId),
    consumerName: maskName(row.consumerName),
    consumerPhone: maskPhone(row.consumerPhone),
    createdAt: row.leadCreatedAt.toISOString(),
    conversations: conversations.map((c) => ({
      id: Number(c.id),
      channel: c.channel,
      participantType: c.participantType,
      eventAt: c.eventAt.toISOString(),
      callDurationMs: c.callDurationMs,
      hasRecording: Boolean(c.recordingUrl),
    })),
  };
}

/**
 * The LSA report's rules. Its routes carry the product id in the body (SPEC §7), so the
 * access guard cannot see it: every call checks here that the caller may see the
 * product's company (the same `canAccessClient` rule, the same 403 "access denied").
 */
export function createLsaService(deps: LsaServiceDeps) {
  const { repo } = deps;

  async function scope(principal: Principal, productId: number) {
    const product = await findProductInstance(deps.db, productId);
    // As the guard does: without access, a missing product and another's look alike.
    if (!product) throw principal.admin ? notFound('No such product.') : accessDenied();
    if (!canAccessClient(principal, product.companyId)) throw accessDenied();
    if (product.slug !== LSA_PRODUCT_SLUG)
      throw notFound('This product has no Local Services Ads report.');
    const connection = product.connectionId ? await repo.connection(product.connectionId) : null;
    const usable = connection?.vendor === LSA_VENDOR ? connection : null;
    const [company] = await deps.db
      .select({ timeZone: clientCompanies.timeZone })
      .from(clientCompanies)
      .where(eq(clientCompanies.id, product.companyId));
    return {
      product,
      connection: usable,
      zone: company?.timeZone ?? 'UTC',
      freshness: {
        status: usable ? connectionStatusSchema.parse(usable.status) : null,
        lastSyncedAt: usable?.lastSyncedAt?.toISOString() ?? null,
      },
    };
  }

  async function metricsFor(connectionId: number | null, range: DayRange, zone: string) {
    if (connectionId === null) {
      return {
        leads: 0,
        chargedLeads: 0,
        phoneLeads: 0,
        messageLeads: 0,
        bookingLeads: 0,
        spendCents: 0,
        costPerLeadCents: null,
        impressions: 0,
        phoneCalls: 0,
      };
    }
    const { start, end } = rangeInstants(range, zone);
    const counts = await repo.leadCounts(connectionId, start, end);
    const days = await repo.dayTotals(connectionId, range.from, range.to);
    return {
      leads: counts.leads,
      chargedLeads: counts.charged,
      phoneLeads: counts.phone,
      messageLeads: counts.message,
      bookingLeads: counts.booking,
      spendCents: days.spendCents,
      costPerLeadCents: counts.charged > 0 ? Math.round(days.spendCents / counts.charged) : null,
      impressions: days.impressions,
      phoneCalls: days.phoneCalls,
    };
  }

  return {
    async metrics(principal: Principal, input: RangeInput): Promise<LsaMetrics> {
      const s = await scope(principal, input.productId);
      const figures = await metricsFor(s.connection?.id ?? null, input, input.tz ?? s.zone);
      return { ...figures, freshness: s.freshness };
    },

    async performance(principal: Principal, input: RangeInput): Promise<LsaPerformance> {
      const s = await scope(principal, input.productId);
      if (!s.connection) {
        return {
          byType: [],
          byStatus: [],
          byCategory: [],
          disputed: 0,
          credited: 0,
          freshness: s.freshness,
        };
      }
      const { start, end } = rangeInstants(input, input.tz ?? s.zone);
      const id = s.connection.id;
      const [types, statuses, categories, counts] = await Promise.all([
        repo.groupedCounts(id, start, end, 'type'),
        repo.groupedCounts(id, start, end, 'status'),
        repo.groupedCounts(id, start, end, 'category'),
        repo.leadCounts(id, start, end),
      ]);
      return {
        byType: types.map((t) => ({
          type: lsaLeadTypeSchema.parse(t.key),
          leads: t.leads,
          charged: t.charged,
        })),
        byStatus: statuses.map((t) => ({
          status: lsaLeadStatusSchema.parse(t.key),
          leads: t.leads,
        })),
        byCategory: categories.map((t) => ({ category: lsaCategoryLabel(t.key), leads: t.leads })),
        disputed: counts.disputed,
        credited: counts.credited,
        freshness: s.freshness,
      };
    },

    async report(principal: Principal, input: RangeInput): Promise<LsaReport> {
      const s = await scope(principal, input.productId);
      const zone = input.tz ?? s.zone;
      const { start, end } = rangeInstants(input, zone);
      const [leads, spend] = s.connection
        ? await Promise.all([
            repo.leadsPerDay(s.connection.id, start, end, zone),
            repo.spendPerDay(s.connection.id, input.from, input.to),
          ])
        : [[], []];
      const leadsOf = new Map(leads.map((l) => [l.day, l]));
      const spendOf = new Map(spend.map((d) => [d.day, d.spendCents]));
      const days: LsaReport['days'] = [];
      for (let day = input.from; day <= input.to; day = addCalendarDays(day, 1)) {
        days.push({
          day,
          leads: leadsOf.get(day)?.leads ?? 0,
          chargedLeads: leadsOf.get(day)?.charged ?? 0,
          spendCents: spendOf.get(day) ?? 0,
        });
      }
      return { days, freshness: s.freshness };
    },

    async leads(principal: Principal, input: LeadsInput): Promise<LsaLeadList> {
      const s = await scope(principal, input.productId);
      const empty = {
        items: [],
        total: 0,
        page: input.page,
        pageSize: input.pageSize,
        freshness: s.freshness,
      };
      if (!s.connection) return empty;
      const range =
        input.from && input.to
          ? rangeInstants({ from: input.from, to: input.to }, input.tz ?? s.zone)
          : null;
      const { total, rows, conversations } = await repo.listLeads(
        s.connection.id,
        {
          ...(range && { start: range.start, end: range.end }),
          ...(input.type && { type: input.type }),
          ...(input.status && { status: input.status }),
          ...(input.charged && { charged: input.charged === 'yes' }),
        },
        input.page,
        input.pageSize,
      );
      const items = rows.map((row) =>
        toLead(
          row,
          conversations.filter((c) => c.leadId === row.id),
        ),
      );
      return { ...empty, items, total };
    },

    /**
     * A call's recording as MP3 bytes: stored ones from our database; a demo one from the
     * committed files; a live one fetched from Google once (through the vendor's gate) and
     * stored. Anything not audio/mpeg is refused with SPEC §5's message, never passed on.
     */
    async recording(
      principal: Principal,
      input: RecordingInput,
      options: { fetch: boolean } = { fetch: true },
    ): Promise<{ contentType: string; bytes: Buffer } | null> {
      const s = await scope(principal, input.productId);
      const conversation = s.connection
        ? await repo.recordedConversation(s.connection.id, input.leadId, input.conversationId)
        : null;
      if (!conversation?.recordingUrl) throw notFound('This lead has no call recording.');
      if (!options.fetch) return null;
      const stored = await repo.storedRecording(Number(conversation.id));
      if (stored) return { contentType: stored.contentType, bytes: Buffer.from(stored.bytes) };
      const opened = await deps.connectionAccess(conversation.connectionId);
      if (!opened) throw notFound('This lead has no call recording.');
      const url = conversation.recordingUrl;
      let fetched: { contentType: string; bytes: Buffer };
      try {
        fetched = await deps.gate().run(() => deps.provider.fetchRecording(opened.access, url));
      } catch (error) {
        if (error instanceof VendorError) {
          throw new AppError(
            502,
            'SERVICE_UNAVAILABLE',
            `The recording could not be fetched: ${error.message}`,
          );
        }
        throw error;
      }
      if (fetched.contentType !== LSA_RECORDING_CONTENT_TYPE) {
        throw new AppError(502, 'SERVICE_UNAVAILABLE', LSA_RECORDING_TYPE_ERROR);
      }
      // Demo files are on disk already; a live recording is kept so the next play is ours.
      if (!url.startsWith('demo:'))
        await repo.storeRecording(Number(conversation.id), fetched.contentType, fetched.bytes);
      return fetched;
    },
  };
}

export type LsaService = ReturnType<typeof createLsaService>;
