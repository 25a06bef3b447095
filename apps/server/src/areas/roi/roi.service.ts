import {
  type DayRange,
  DEFAULT_AVG_JOB_VALUE_CENTS,
  ROI_CHANNEL_LABELS,
  ROI_CHANNELS,
  type RoiChannel,
  type RoiResponse,
  type RoiSettingsInput,
  type RoiSettingsView,
  rangeInstants,
  roiChannelOfSource,
  roiDefaultRange,
  todayIn,
} from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import { rangeTimeZone } from '../../platform/product-access/company-time-zone';
import { createRoiRepository } from './roi.repository';
import {
  addSums,
  CHANNEL_DESCRIPTIONS,
  emptySums,
  figuresOf,
  monthSpans,
  type RoiSums,
  roiNotes,
} from './roi-figures';
import { spendBySpan } from './roi-spend';

export interface RoiQueryInput {
  from?: string | undefined;
  to?: string | undefined;
  tz?: string | undefined;
}

/** The client's own decisions: its members and admins (as client settings). */
const mayChange = (principal: Principal, companyId: number) =>
  principal.admin || principal.memberOf.includes(companyId);

/**
 * The ROI center: for a range and by month, spend (ad spend + fees, roi-spend.ts) against
 * the leads that first came in and the value of those won, by channel. Four queries: the
 * company with its setting, ad spend, fee lines, leads.
 */
export function createRoiService({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }) {
  const repo = createRoiRepository(db);

  async function company(principal: Principal, companyId: number) {
    // The route's clientOf guard already ran; the service checks again, as every service does.
    if (!canAccessClient(principal, companyId)) throw accessDenied();
    const row = await repo.company(companyId);
    if (!row) throw notFound('No such client.');
    return row;
  }

  function settingsView(
    principal: Principal,
    companyId: number,
    saved: number | null,
  ): RoiSettingsView {
    return {
      avgJobValueCents: saved ?? DEFAULT_AVG_JOB_VALUE_CENTS,
      isDefault: saved === null,
      canChange: mayChange(principal, companyId),
    };
  }

  async function report(
    principal: Principal,
    companyId: number,
    query: RoiQueryInput,
  ): Promise<RoiResponse> {
    const row = await company(principal, companyId);
    const timeZone = rangeTimeZone(query.tz, row.timeZone);
    const range: DayRange =
      query.from && query.to
        ? { from: query.from, to: query.to }
        : roiDefaultRange(todayIn(timeZone, clock()));
    const settings = settingsView(principal, companyId, row.avgJobValueCents);
    const spans = monthSpans(range);
    const [spend, leads] = await Promise.all([
      spendBySpan(db, companyId, spans),
      repo.leadsBySpan(
        companyId,
        spans.map((span) => ({ key: span.key, ...rangeInstants(span, timeZone) })),
      ),
    ]);

    const byMonth = new Map(spans.map((s) => [s.key, emptySums()]));
    const byChannel = new Map<RoiChannel, RoiSums>(ROI_CHANNELS.map((c) => [c, emptySums()]));
    const totals = emptySums();
    const add = (month: string, channel: RoiChannel, sums: Partial<RoiSums>) => {
      const monthSums = byMonth.get(month);
      // A lead's local month is always one of the range's; the guard only keeps types honest.
      if (monthSums) addSums(monthSums, sums);
      addSums(byChannel.get(channel) ?? emptySums(), sums);
      addSums(totals, sums);
    };
    for (const [month, channels] of spend) {
      for (const [channel, s] of channels) {
        add(month, channel, { adSpendCents: s.adCents, feesCents: s.feeCents });
      }
    }
    for (const lead of leads) {
      const { month, source, ...sums } = lead;
      add(month, roiChannelOfSource(source), sums);
    }

    const average = settings.avgJobValueCents;
    return {
      companyId,
      timeZone,
      range,
      totals: figuresOf(totals, average),
      months: spans.map((span) => ({
        month: span.key,
        from: span.from,
        to: span.to,
        ...figuresOf(byMonth.get(span.key) ?? emptySums(), average),
      })),
      channels: ROI_CHANNELS.map((channel) => ({
        channel,
        label: ROI_CHANNEL_LABELS[channel],
        description: CHANNEL_DESCRIPTIONS[channel],
        ...figuresOf(byChannel.get(channel) ?? emptySums(), average),
      })),
      settings,
      notes: roiNotes(average, settings.isDefault),
    };
  }

  return {
    report,

    async saveSettings(
      principal: Principal,
      companyId: number,
      input: RoiSettingsInput,
    ): Promise<RoiSettingsView> {
      await company(principal, companyId);
      if (!mayChange(principal, companyId)) throw accessDenied();
      await repo.saveAvgJobValue(companyId, input.avgJobValueCents, principal.userId);
      return settingsView(principal, companyId, input.avgJobValueCents);
    },
  };
}

export type RoiService = ReturnType<typeof createRoiService>;
