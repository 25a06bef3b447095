import {
  addCalendarDays,
  type DayRange,
  findProduct,
  formatInstantDateTime,
  isValidTimeZone,
  localDateTimeToInstant,
  type RequestStatus,
  rangeInstants,
  type SendType,
  type SolicitationChannel,
  type SolicitationCreated,
  type SolicitationEventItem,
  type SolicitationRequestDetail,
  type SolicitationRequestItem,
  type SolicitationRequestsPage,
  type SolicitationStats,
  type SolicitationSummary,
  type SolicitationTransports,
  type solicitationCreateSchema,
  type solicitationRequestsQuerySchema,
  type solicitationStatsQuerySchema,
  todayIn,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { badRequest, conflict, notFound } from '../../kernel/lib/app-error';
import { type HistoryRow, listRequests, requestOf, statsOf } from './history.repository';
import { productWithCompany } from './solicitation.repository';
import type { SolicitationService } from './solicitation.service';

/** The range a page opens on when none is asked for: the last 90 days. */
const DEFAULT_RANGE_DAYS = 90;
/** A time "now or later" typed in the form may be this far behind the clock (slow typing). */
const PAST_GRACE_MS = 5 * 60_000;
const YEAR_MS = 366 * 86_400_000;

/** `+15125550123` → `•••-•••-0123`: enough to tell customers apart, not to dial them. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return `•••-•••-${phone.slice(-4)}`;
}

/** `jane.doe@example.com` → `j•••@example.com`. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toItem(row: HistoryRow): SolicitationRequestItem {
  return {
    id: row.id,
    contactName: `${row.firstName} ${row.lastName}`.trim(),
    phone: maskPhone(row.phone),
    email: maskEmail(row.email),
    sendType: row.sendType as SendType,
    status: row.status as RequestStatus,
    createdAt: row.createdAt.toISOString(),
    scheduledFor: row.scheduledFor.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    clickedAt: iso(row.clickedAt),
    reviewedAt: iso(row.reviewedAt),
    failureReason: row.failureReason,
  };
}

const channelOf = (value: unknown): SolicitationChannel | null =>
  value === 'sms' || value === 'email' ? value : null;

/** A short note from an event's record; the record's other keys stay on the server. */
function noteOf(type: string, detail: Record<string, unknown>, timeZone: string): string | null {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  switch (type) {
    case 'created':
      return detail.consentSource === 'csv' ? 'From a CSV upload' : 'From the form';
    case 'waiting': {
      const until = text(detail.until);
      return until
        ? `Outside sending hours; waits until ${formatInstantDateTime(until, timeZone)} (customer's time)`
        : 'Outside sending hours';
    }
    case 'held':
      return 'Kept in the dev outbox: not sent';
    case 'retrying':
    case 'failed': {
      const reason = text(detail.reason) ?? 'The transport refused it.';
      return typeof detail.attempt === 'number' ? `${reason} (attempt ${detail.attempt})` : reason;
    }
    case 'opted_out':
      return 'The customer opted out';
    case 'reviewed':
      return 'A review from this customer arrived';
    default:
      return text(detail.reason);
  }
}

/** Monday of a calendar day's week (`yyyy-MM-dd`). */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addCalendarDays(day, -((weekday + 6) % 7));
}

type RequestsQuery = z.output<typeof solicitationRequestsQuerySchema>;
type StatsQuery = z.output<typeof solicitationStatsQuerySchema>;
type CreateBody = z.output<typeof solicitationCreateSchema>;

export interface HistoryDeps {
  db: Db;
  now: () => Date;
  transports: () => SolicitationTransports;
  sending: Pick<SolicitationService, 'createRequests'>;
}

/**
 * The page's side of review solicitation: what it shows (summary, history, timeline,
 * totals) and the form's create, which hands the contacts to the sending service.
 */
export function createHistoryService(deps: HistoryDeps) {
  const { db } = deps;

  async function product(productId: number) {
    const row = await productWithCompany(db, productId);
    if (!row) throw notFound('No such product.');
    const timeZone = isValidTimeZone(row.timeZone) ? row.timeZone : 'America/New_York';
    return { ...row, timeZone };
  }

  /** The query's days (default: the last 90 in the company's zone) as instants. */
  function rangeOf(query: { from?: string; to?: string; tz?: string }, companyZone: string) {
    const timeZone = query.tz ?? companyZone;
    const today = todayIn(timeZone, deps.now());
    const range: DayRange =
      query.from && query.to
        ? { from: query.from, to: query.to }
        : { from: addCalendarDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
    return { range, timeZone, ...rangeInstants(range, timeZone) };
  }

  return {
    async summary(productId: number): Promise<SolicitationSummary> {
      const p = await product(productId);
      return {
        product: { id: p.id, slug: p.slug, name: findProduct(p.slug)?.name ?? p.slug },
        company: { id: p.companyId, name: p.companyName, timeZone: p.timeZone },
        reviewLink: Boolean(p.googlePlaceId),
        transports: deps.transports(),
      };
    },

    async list(productId: number, query: RequestsQuery): Promise<SolicitationRequestsPage> {
      const p = await product(productId);
      // Without a range the whole history is listed: a filter should never hide a request.
      const bounds = query.from && query.to ? rangeOf(query, p.timeZone) : null;
      const { total, rows } = await listRequests(
        db,
        {
          companyId: p.companyId,
          productId,
          start: bounds?.start ?? null,
          end: bounds?.end ?? null,
          status: query.status,
          channel: query.channel,
          q: query.q || undefined,
        },
        query.page,
        query.pageSize,
      );
      return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
    },

    async detail(productId: number, requestId: number): Promise<SolicitationRequestDetail> {
      const p = await product(productId);
      const found = await requestOf(db, p.companyId, productId, requestId);
      if (!found?.extra) throw notFound('No such review request.');
      const { row, extra, messages, events } = found;
      const zone = isValidTimeZone(extra.contactTimeZone) ? extra.contactTimeZone : p.timeZone;
      const timeline: SolicitationEventItem[] = events.map((e) => ({
        id: e.id,
        type: e.type,
        at: e.at.toISOString(),
        channel: channelOf(e.detail.channel),
        note: noteOf(e.type, e.detail, zone),
      }));
      return {
        request: toItem(row),
        templateName: extra.templateName ?? null,
        consent: { at: extra.consentAt.toISOString(), source: extra.consentSource },
        contactTimeZone: zone,
        fromBatch: extra.batchId !== null,
        messages: messages.map((m) => ({
          id: m.id,
          channel: m.channel === 'sms' ? 'sms' : 'email',
          to: (m.channel === 'sms' ? maskPhone(m.toAddress) : maskEmail(m.toAddress)) ?? '',
          status: m.status,
          sendAfter: m.sendAfter.toISOString(),
          attempts: m.attempts,
          sentAt: m.status === 'held' ? null : iso(m.sentAt),
          deliveredAt: iso(m.deliveredAt),
          failedAt: iso(m.failedAt),
          failureReason: m.failureReason,
        })),
        events: timeline,
      };
    },

    async stats(productId: number, query: StatsQuery): Promise<SolicitationStats> {
      const p = await product(productId);
      const { range, timeZone, start, end } = rangeOf(query, p.timeZone);
      const { totals, weeks } = await statsOf(db, p.companyId, productId, start, end, timeZone);
      const byWeek = new Map(weeks.map((w) => [w.week, w]));
      // Every week of the range, empty ones too, so the chart's time axis has no gaps.
      const filled: SolicitationStats['weeks'] = [];
      for (let week = mondayOf(range.from); week <= range.to; week = addCalendarDays(week, 7)) {
        const w = byWeek.get(week) ?? { week, requests: 0, clicked: 0, reviewed: 0 };
        filled.push({ ...w, rate: w.requests ? w.reviewed / w.requests : null });
      }
      return { from: range.from, to: range.to, timeZone, totals, weeks: filled };
    },

    /**
     * The form's create (SPEC §7 `reviewsolicitation/{a}/{b}/add`): `productType` must be
     * the product's own slug. A later time is the company's local time. When every contact
     * is refused nothing was created: 409 with the refusals' own words.
     */
    async create(
      principal: Principal,
      productType: string,
      productId: number,
      body: CreateBody,
    ): Promise<SolicitationCreated> {
      const p = await product(productId);
      if (p.slug !== productType) throw notFound('No such product.');
      let scheduledFor: Date | null = null;
      if (body.scheduledFor) {
        scheduledFor = localDateTimeToInstant(body.scheduledFor, p.timeZone);
        const lead = scheduledFor.getTime() - deps.now().getTime();
        if (Number.isNaN(lead) || lead < -PAST_GRACE_MS) {
          throw badRequest('Check the highlighted fields.', [
            {
              path: 'body.scheduledFor',
              message: `Choose a time in the future (it is now ${formatInstantDateTime(deps.now(), p.timeZone)} in ${p.timeZone}).`,
            },
          ]);
        }
        if (lead > YEAR_MS) {
          throw badRequest('Check the highlighted fields.', [
            { path: 'body.scheduledFor', message: 'Schedule it at most a year ahead.' },
          ]);
        }
        // A time just past is "now": the sending service never backdates a schedule.
        if (lead <= 0) scheduledFor = null;
      }
      const result = await deps.sending.createRequests({
        principal,
        companyId: p.companyId,
        productId,
        templateId: body.templateId,
        sendType: body.sendType,
        scheduledFor,
        consentSource: 'form',
        contacts: body.contacts,
      });
      if (result.created.length === 0) {
        throw conflict(
          result.refused.map((r) => r.message).join(' ') || 'No review request was created.',
        );
      }
      return result;
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
