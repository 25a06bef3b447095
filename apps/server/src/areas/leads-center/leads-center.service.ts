import { randomUUID } from 'node:crypto';
import {
  type CustomerLeadCreateInput,
  contactKeyOf,
  customerLeadCreateSchema,
  e164OrNull,
  formatInstantDateTime,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadDetail,
  type LeadEvent,
  type LeadItem,
  type LeadPatchInput,
  type LeadRecording,
  type LeadSource,
  type LeadStatus,
  type LeadsPage,
  leadEventSchema,
  type leadPatchSchema,
  type leadsQuerySchema,
  rangeInstants,
  toCsv,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import { rangeTimeZone } from '../../platform/product-access/company-time-zone';
import { applyTouches, type IngestResult, withIngestLock } from './lead-ingest';
import type { LeadFilter, LeadRow, LeadsCenterRepository } from './leads-center.repository';

type Query = z.output<typeof leadsQuerySchema>;
type Patch = z.output<typeof leadPatchSchema>;
type Create = z.output<typeof customerLeadCreateSchema>;
export const EXPORT_CAP = 10_000;

export function toLeadItem(row: LeadRow): LeadItem {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    sources: row.sources as LeadSource[],
    firstSource: row.firstSource as LeadSource,
    status: row.status as LeadStatus,
    valueCents: row.valueCents,
    repeat: row.repeat,
    firstTouchAt: row.firstTouchAt.toISOString(),
    lastTouchAt: row.lastTouchAt.toISOString(),
    touchCount: row.touchCount,
  };
}

export interface LeadsCenterDeps {
  db: Db;
  repo: LeadsCenterRepository;
  /** Tells the company's open pages about new leads (realtime `lead.arrived`). */
  announce(result: IngestResult): void;
}

const str = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : String(v);

/** The leads center's rules: every lead loaded is checked to be the URL's company's. */
export function createLeadsCenterService({ db, repo, announce }: LeadsCenterDeps) {
  async function scope(principal: Principal, companyId: number) {
    // The route's clientOf guard already ran; the service checks again, as every service does.
    if (!canAccessClient(principal, companyId)) throw accessDenied();
    const zone = await repo.companyTimeZone(companyId);
    if (zone === null) throw notFound('No such client.');
    return zone;
  }

  async function filterOf(
    principal: Principal,
    companyId: number,
    query: Omit<Query, 'page' | 'pageSize'>,
  ) {
    const zone = await scope(principal, companyId);
    const filter: LeadFilter = {
      companyId,
      ...(query.from &&
        query.to && {
          between: rangeInstants({ from: query.from, to: query.to }, rangeTimeZone(query.tz, zone)),
        }),
      ...(query.source && { source: query.source }),
      ...(query.status && { status: query.status }),
      ...(query.q && { q: query.q }),
    };
    return { filter, zone: rangeTimeZone(query.tz, zone) };
  }

  async function recordingOf(
    companyId: number,
    detail: Record<string, unknown>,
  ): Promise<LeadRecording | null> {
    const rec = detail.recording as
      | { kind?: string; connectionId?: number; callId?: number; leadId?: number }
      | undefined;
    if (rec?.kind === 'ctm' && rec.connectionId && rec.callId) {
      const productId =
        (await repo.productOfConnection(companyId, rec.connectionId, 'google-calls-advisor')) ??
        (await repo.productOfConnection(companyId, rec.connectionId));
      return productId ? { kind: 'ctm', productId, callId: rec.callId } : null;
    }
    if (rec?.kind === 'lsa' && rec.leadId) {
      const productId = await repo.productOfSlug(companyId, 'local-services-ads');
      return productId ? { kind: 'lsa', productId, leadId: rec.leadId } : null;
    }
    return null;
  }

  async function detail(companyId: number, leadId: number): Promise<LeadDetail> {
    const lead = await repo.lead(companyId, leadId);
    // Another company's lead and a missing one look alike.
    if (!lead) throw notFound('No such lead.');
    const [touches, events] = await Promise.all([repo.touches(leadId), repo.events(leadId)]);
    return {
      lead: toLeadItem(lead),
      touches: await Promise.all(
        touches.map(async (t) => ({
          id: t.id,
          source: t.source as LeadSource,
          occurredAt: t.occurredAt.toISOString(),
          summary: str(t.detail.summary) ?? LEAD_SOURCE_LABELS[t.source as LeadSource] ?? t.source,
          fields: Array.isArray(t.detail.fields)
            ? (t.detail.fields as { name: unknown; value: unknown }[]).map((f) => ({
                name: String(f.name),
                value: String(f.value),
              }))
            : [],
          recording: await recordingOf(companyId, t.detail),
        })),
      ),
      events: events.map(
        (e): LeadEvent => ({
          id: e.id,
          kind: leadEventSchema.shape.kind.catch('note').parse(e.kind),
          at: e.at.toISOString(),
          by:
            e.firstName || e.lastName
              ? `${e.firstName ?? ''} ${e.lastName ?? ''}`.trim()
              : (e.email ?? null),
          from: str(e.data.from),
          to: str(e.data.to),
          text: str(e.data.text) ?? str(e.data.channel),
        }),
      ),
    };
  }

  return {
    async list(principal: Principal, companyId: number, query: Query): Promise<LeadsPage> {
      const { filter } = await filterOf(principal, companyId, query);
      const [page, counts, lastIngestedAt] = await Promise.all([
        repo.list(filter, query.pageSize, (query.page - 1) * query.pageSize),
        repo.counts(companyId, filter.between),
        repo.lastIngestedAt(companyId),
      ]);
      const bySource = Object.fromEntries(LEAD_SOURCES.map((s) => [s, 0])) as Record<
        LeadSource,
        number
      >;
      for (const r of counts.bySource) bySource[r.key as LeadSource] = Number(r.n);
      const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<
        LeadStatus,
        number
      >;
      for (const r of counts.byStatus) byStatus[r.key as LeadStatus] = Number(r.n);
      return {
        items: page.items.map(toLeadItem),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        counts: { bySource, byStatus, leads: Object.values(byStatus).reduce((a, b) => a + b, 0) },
        lastIngestedAt: lastIngestedAt?.toISOString() ?? null,
      };
    },

    async get(principal: Principal, companyId: number, leadId: number): Promise<LeadDetail> {
      await scope(principal, companyId);
      return detail(companyId, leadId);
    },

    /** A customer entered by hand: a `manual` touch, merged like any other. */
    async create(principal: Principal, companyId: number, input: Create): Promise<LeadDetail> {
      await scope(principal, companyId);
      const parsed: Create = customerLeadCreateSchema.parse(
        input satisfies CustomerLeadCreateInput,
      );
      const phone = e164OrNull(parsed.phone);
      const email = parsed.email?.toLowerCase() ?? null;
      const now = new Date();
      const { result, leadId } = await withIngestLock(db, async (tx) => {
        const sourceRef = randomUUID();
        const result = await applyTouches(tx, [
          {
            companyId,
            source: 'manual',
            sourceRef,
            occurredAt: now,
            contactKey: contactKeyOf(phone, email),
            name: parsed.name,
            phone,
            email,
            detail: {
              summary: `Entered by hand: ${parsed.channel}`,
              fields: [{ name: 'Channel', value: parsed.channel }],
              channel: parsed.channel,
            },
          },
        ]);
        // The lead the touch went to: a new one, or the contact's within the window.
        const leadId = result.leadOf.get(`manual|${sourceRef}`) as number;
        const userId = principal.userId;
        const events: Parameters<LeadsCenterRepository['addEvents']>[1] = [
          {
            leadId,
            companyId,
            kind: 'created',
            userId,
            at: now,
            data: { channel: parsed.channel },
          },
        ];
        if (parsed.valueCents !== undefined) {
          const lead = await repo.lead(companyId, leadId, tx);
          await repo.update(tx, leadId, { valueCents: parsed.valueCents });
          events.push({
            leadId,
            companyId,
            kind: 'value',
            userId,
            at: now,
            data: { from: lead?.valueCents ?? null, to: parsed.valueCents },
          });
        }
        if (parsed.note)
          events.push({
            leadId,
            companyId,
            kind: 'note',
            userId,
            at: now,
            data: { text: parsed.note },
          });
        await repo.addEvents(tx, events);
        return { result, leadId };
      });
      announce(result);
      return detail(companyId, leadId);
    },

    /** Status, value and a note: one event per change, with who made it. */
    async update(
      principal: Principal,
      companyId: number,
      leadId: number,
      patch: Patch,
    ): Promise<LeadDetail> {
      await scope(principal, companyId);
      patch satisfies LeadPatchInput;
      await db.transaction(async (tx) => {
        const lead = await repo.lead(companyId, leadId, tx);
        if (!lead) throw notFound('No such lead.');
        const now = new Date();
        const base = { leadId, companyId, userId: principal.userId, at: now };
        const events: Parameters<LeadsCenterRepository['addEvents']>[1] = [];
        const changes: Parameters<LeadsCenterRepository['update']>[2] = {};
        if (patch.status && patch.status !== lead.status) {
          changes.status = patch.status;
          changes.statusChangedAt = now;
          changes.wonAt = patch.status === 'won' ? now : null;
          events.push({ ...base, kind: 'status', data: { from: lead.status, to: patch.status } });
        }
        if (patch.valueCents !== undefined && patch.valueCents !== lead.valueCents) {
          changes.valueCents = patch.valueCents;
          events.push({
            ...base,
            kind: 'value',
            data: { from: lead.valueCents, to: patch.valueCents },
          });
        }
        if (patch.note) events.push({ ...base, kind: 'note', data: { text: patch.note } });
        if (Object.keys(changes).length) await repo.update(tx, leadId, changes);
        await repo.addEvents(tx, events);
      });
      return detail(companyId, leadId);
    },

    /** The filtered leads as CSV (contracts `toCsv`: formula-like cells are defused). */
    async csv(principal: Principal, companyId: number, query: Omit<Query, 'page' | 'pageSize'>) {
      const { filter, zone } = await filterOf(principal, companyId, query);
      const rows = await repo.exportRows(filter, EXPORT_CAP);
      const notes = await repo.latestNotes(rows.map((r) => r.id));
      const body = toCsv(
        [
          'First touch',
          'Last touch',
          'Name',
          'Phone',
          'Email',
          'Sources',
          'Status',
          'Value',
          'Repeat',
          'Touches',
          'Latest note',
        ],
        rows.map((r) => [
          formatInstantDateTime(r.firstTouchAt, zone),
          formatInstantDateTime(r.lastTouchAt, zone),
          r.name,
          r.phone,
          r.email,
          (r.sources as LeadSource[]).map((s) => LEAD_SOURCE_LABELS[s] ?? s).join('; '),
          LEAD_STATUS_LABELS[r.status as LeadStatus] ?? r.status,
          r.valueCents === null ? null : r.valueCents / 100,
          r.repeat ? 'Repeat' : 'First-time',
          r.touchCount,
          notes.get(r.id) ?? null,
        ]),
      );
      const span = query.from && query.to ? `-${query.from}-to-${query.to}` : '';
      return { filename: `leads-${companyId}${span}.csv`, body };
    },
  };
}

export type LeadsCenterService = ReturnType<typeof createLeadsCenterService>;
