import {
  addCalendarDays,
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
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { notFound } from '../../kernel/lib/app-error';
import { playRecording } from '../../platform/call-recordings/call-recordings';
import { productScope, slugIn } from '../../platform/product-access/product-access';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import type { VendorGate } from '../../platform/vendor-sync/vendor-gate';
import type { LsaProvider } from '../../providers/google-ads-lsa/port';
import { LSA_VENDOR } from '../../providers/kernel/vendor-ids';
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

  function scope(principal: Principal, productId: number) {
    return productScope(deps.db, principal, productId, {
      accepts: slugIn([LSA_PRODUCT_SLUG]),
      noReport: 'This product has no Local Services Ads report.',
      vendor: LSA_VENDOR,
    });
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
      return playRecording({
        id: Number(conversation.id),
        url: conversation.recordingUrl,
        store: repo.recordings,
        gate: deps.gate,
        access: async () => {
          const opened = await deps.connectionAccess(conversation.connectionId);
          if (!opened) throw notFound('This lead has no call recording.');
          return opened.access;
        },
        fetch: (access, url) => deps.provider.fetchRecording(access, url),
        contentType: LSA_RECORDING_CONTENT_TYPE,
        typeError: LSA_RECORDING_TYPE_ERROR,
      });
    },
  };
}

export type LsaService = ReturnType<typeof createLsaService>;
