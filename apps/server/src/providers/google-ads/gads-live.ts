import type { AdScheduleEntry, DayRange } from '@pinpoint/contracts';
import { localDateTimeToInstant } from '@pinpoint/contracts';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError } from '../kernel/vendor-errors';
import {
  classifyHttpStatus,
  createVendorSend,
  parseRetryAfter,
  safeVendorMessage,
  unexpectedShape,
  type VendorResponse,
} from '../kernel/vendor-http';
import { createGadsEstimatorLive } from './gads-estimator-live';
import {
  errorSchema,
  field,
  int,
  lastSegment,
  MINUTES,
  quotaDelay,
  streamSchema,
  text,
  texts,
} from './gaql-rows';
import { microsToCents } from './micros';
import type {
  GadsDayFigure,
  GadsFigureKind,
  GadsLead,
  GadsStructure,
  GoogleAdsProvider,
} from './port';

export const GADS_DEFAULT_BASE_URL = 'https://googleads.googleapis.com';
export const GADS_DEFAULT_API_VERSION = 'v21';
const VENDOR = 'google-ads';
const LABEL = 'Google Ads';

export interface GadsLiveOptions {
  baseUrl: string;
  apiVersion: string;
  developerToken: string;
  loginCustomerId?: string | undefined;
  timeoutMs: number;
  recordCall: RecordProviderCall;
  fetchImpl?: typeof fetch;
}

/** Which resource and key each figure kind is read from. */
const FIGURE_SOURCES: Record<
  GadsFigureKind,
  { from: string; key: string[]; keyOf(row: unknown): string | null }
> = {
  campaign: { from: 'campaign', key: ['campaign.id'], keyOf: (r) => text(r, 'campaign.id') },
  ad: {
    from: 'ad_group_ad',
    key: ['ad_group_ad.ad.id'],
    keyOf: (r) => text(r, 'adGroupAd.ad.id'),
  },
  keyword: {
    from: 'keyword_view',
    key: ['ad_group.id', 'ad_group_criterion.criterion_id'],
    keyOf: (r) => {
      const group = text(r, 'adGroup.id');
      const criterion = text(r, 'adGroupCriterion.criterionId');
      return group && criterion ? `${group}~${criterion}` : null;
    },
  },
  location: {
    from: 'geographic_view',
    key: ['segments.geo_target_city'],
    keyOf: (r) => lastSegment(text(r, 'segments.geoTargetCity')),
  },
};

/**
 * The live Google Ads adapter: GAQL through `customers/{id}/googleAds:searchStream`, with
 * the developer token (and a manager's login-customer-id) from configuration and the
 * connection's OAuth token as the bearer. 401 puts the connection in "needs attention",
 * 429 carries Google's retry delay to the vendor gate.
 */
export function createGadsLive(options: GadsLiveOptions): GoogleAdsProvider {
  const send = createVendorSend({
    vendor: VENDOR,
    label: LABEL,
    recordCall: options.recordCall,
    timeoutMs: options.timeoutMs,
    fetchImpl: options.fetchImpl,
  });
  const base = options.baseUrl.replace(/\/+$/, '');

  function failure(response: VendorResponse, access: ConnectionAccess): VendorError {
    const body = Array.isArray(response.json) ? response.json[0] : response.json;
    const parsed = errorSchema.safeParse(body);
    const said = safeVendorMessage(parsed.success ? parsed.data.error.message : undefined, [
      access.accessToken,
      access.refreshToken,
      options.developerToken,
    ]);
    const retryAfter =
      parseRetryAfter(response.headers.get('retry-after')) ??
      (parsed.success ? quotaDelay(parsed.data.error.details) : null);
    return new VendorError(
      VENDOR,
      classifyHttpStatus(response.status),
      `${LABEL} refused the request (HTTP ${response.status}${said ? `: ${said}` : ''}).`,
      response.status,
      retryAfter,
    );
  }

  /** One GAQL query, every batch of its stream joined. */
  async function query(access: ConnectionAccess, gaql: string, signal?: AbortSignal) {
    if (!access.accessToken) {
      throw new VendorError(VENDOR, 'auth', `${LABEL} is not connected (no access token).`);
    }
    const customer = access.externalAccount.replace(/\D/g, '');
    const response = await send({
      url: `${base}/${options.apiVersion}/customers/${customer}/googleAds:searchStream`,
      method: 'POST',
      headers: {
        authorization: `Bearer ${access.accessToken}`,
        'developer-token': options.developerToken,
        ...(options.loginCustomerId ? { 'login-customer-id': options.loginCustomerId } : {}),
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ query: gaql }),
      signal,
    });
    if (!response.ok) throw failure(response, access);
    const parsed = streamSchema.safeParse(response.json);
    if (!parsed.success) throw unexpectedShape(VENDOR, LABEL);
    return parsed.data.flatMap((batch) => batch.results ?? []);
  }

  const between = (range: DayRange) => `segments.date BETWEEN '${range.from}' AND '${range.to}'`;

  async function accountOf(access: ConnectionAccess, signal?: AbortSignal) {
    const [row] = await query(
      access,
      'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone FROM customer LIMIT 1',
      signal,
    );
    return {
      customerId: text(row, 'customer.id') ?? access.externalAccount.replace(/\D/g, ''),
      descriptiveName: text(row, 'customer.descriptiveName') ?? '',
      currencyCode: text(row, 'customer.currencyCode') ?? 'USD',
      timeZone: text(row, 'customer.timeZone'),
    };
  }

  return {
    mode: 'live',
    ...createGadsEstimatorLive({ ...options, base, send, failure }),

    async structure(access, signal): Promise<GadsStructure> {
      const account = await accountOf(access, signal);
      const campaignRows = await query(
        access,
        "SELECT campaign.id, campaign.name, campaign.status, campaign.advertising_channel_type, campaign.start_date, campaign_budget.amount_micros FROM campaign WHERE campaign.status != 'REMOVED'",
        signal,
      );
      const scheduleRows = await query(
        access,
        'SELECT campaign.id, campaign_criterion.ad_schedule.day_of_week, campaign_criterion.ad_schedule.start_hour, campaign_criterion.ad_schedule.start_minute, campaign_criterion.ad_schedule.end_hour, campaign_criterion.ad_schedule.end_minute FROM ad_schedule_view',
        signal,
      );
      const schedules = new Map<string, AdScheduleEntry[]>();
      for (const row of scheduleRows) {
        const id = text(row, 'campaign.id');
        if (!id) continue;
        const s = 'campaignCriterion.adSchedule';
        const entry: AdScheduleEntry = {
          day: text(row, `${s}.dayOfWeek`) ?? 'UNSPECIFIED',
          startHour: int(row, `${s}.startHour`),
          startMinute: MINUTES[text(row, `${s}.startMinute`) ?? 'ZERO'] ?? 0,
          endHour: int(row, `${s}.endHour`),
          endMinute: MINUTES[text(row, `${s}.endMinute`) ?? 'ZERO'] ?? 0,
        };
        schedules.set(id, [...(schedules.get(id) ?? []), entry]);
      }
      const adRows = await query(
        access,
        "SELECT campaign.id, ad_group.id, ad_group.name, ad_group_ad.ad.id, ad_group_ad.ad.type, ad_group_ad.status, ad_group_ad.ad.final_urls, ad_group_ad.ad.responsive_search_ad.headlines, ad_group_ad.ad.responsive_search_ad.descriptions, ad_group_ad.ad.responsive_display_ad.headlines, ad_group_ad.ad.responsive_display_ad.descriptions FROM ad_group_ad WHERE ad_group_ad.status != 'REMOVED'",
        signal,
      );
      const keywordRows = await query(
        access,
        'SELECT campaign.id, ad_group.id, ad_group_criterion.criterion_id, ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type, ad_group_criterion.quality_info.quality_score, ad_group_criterion.status FROM keyword_view',
        signal,
      );
      const assetRows = await query(
        access,
        "SELECT asset.id, asset.name, asset.image_asset.full_size.url, asset.image_asset.full_size.width_pixels, asset.image_asset.full_size.height_pixels, asset.image_asset.file_size FROM asset WHERE asset.type = 'IMAGE'",
        signal,
      );
      const nullableInt = (row: unknown, path: string) =>
        field(row, path) === undefined ? null : int(row, path);
      return {
        account,
        campaigns: campaignRows.flatMap((row) => {
          const id = text(row, 'campaign.id');
          if (!id) return [];
          const budget = text(row, 'campaignBudget.amountMicros');
          return [
            {
              id,
              name: text(row, 'campaign.name') ?? id,
              channelType: text(row, 'campaign.advertisingChannelType') ?? 'UNKNOWN',
              status: text(row, 'campaign.status') ?? 'UNKNOWN',
              budgetCents: budget === null ? null : microsToCents(budget),
              startDate: text(row, 'campaign.startDate'),
              schedule: schedules.get(id) ?? [],
            },
          ];
        }),
        ads: adRows.flatMap((row) => {
          const id = text(row, 'adGroupAd.ad.id');
          if (!id) return [];
          const rsa = 'adGroupAd.ad.responsiveSearchAd';
          const rda = 'adGroupAd.ad.responsiveDisplayAd';
          const urls = field(row, 'adGroupAd.ad.finalUrls');
          return [
            {
              id,
              campaignId: text(row, 'campaign.id') ?? '',
              adGroupId: text(row, 'adGroup.id') ?? '',
              adGroupName: text(row, 'adGroup.name') ?? '',
              type: text(row, 'adGroupAd.ad.type') ?? 'UNKNOWN',
              status: text(row, 'adGroupAd.status') ?? 'UNKNOWN',
              headlines: [...texts(row, `${rsa}.headlines`), ...texts(row, `${rda}.headlines`)],
              descriptions: [
                ...texts(row, `${rsa}.descriptions`),
                ...texts(row, `${rda}.descriptions`),
              ],
              finalUrl: Array.isArray(urls) && typeof urls[0] === 'string' ? urls[0] : null,
            },
          ];
        }),
        keywords: keywordRows.flatMap((row) => {
          const key = FIGURE_SOURCES.keyword.keyOf(row);
          if (!key) return [];
          return [
            {
              id: key,
              campaignId: text(row, 'campaign.id') ?? '',
              text: text(row, 'adGroupCriterion.keyword.text') ?? '',
              matchType: text(row, 'adGroupCriterion.keyword.matchType') ?? 'UNKNOWN',
              qualityScore: nullableInt(row, 'adGroupCriterion.qualityInfo.qualityScore'),
              status: text(row, 'adGroupCriterion.status') ?? 'UNKNOWN',
            },
          ];
        }),
        assets: assetRows.flatMap((row) => {
          const id = text(row, 'asset.id');
          const url = text(row, 'asset.imageAsset.fullSize.url');
          if (!id || !url) return [];
          return [
            {
              id,
              name: text(row, 'asset.name') ?? id,
              url,
              width: nullableInt(row, 'asset.imageAsset.fullSize.widthPixels'),
              height: nullableInt(row, 'asset.imageAsset.fullSize.heightPixels'),
              fileSize: nullableInt(row, 'asset.imageAsset.fileSize'),
            },
          ];
        }),
      };
    },

    async figures(access, range, signal) {
      const out: GadsDayFigure[] = [];
      for (const [kind, source] of Object.entries(FIGURE_SOURCES) as [
        GadsFigureKind,
        (typeof FIGURE_SOURCES)[GadsFigureKind],
      ][]) {
        const keys = source.key.join(', ');
        const rows = await query(
          access,
          `SELECT ${keys}, segments.date, metrics.impressions, metrics.clicks, metrics.cost_micros FROM ${source.from} WHERE ${between(range)}`,
          signal,
        );
        // Conversions by category cannot share a query with impressions (GAQL refuses it).
        const conversions = await query(
          access,
          `SELECT ${keys}, segments.date, segments.conversion_action_category, metrics.conversions FROM ${source.from} WHERE ${between(range)} AND segments.conversion_action_category IN ('PHONE_CALL_LEAD', 'SUBMIT_LEAD_FORM')`,
          signal,
        );
        const byDay = new Map<string, GadsDayFigure>();
        const entry = (row: unknown) => {
          const key = source.keyOf(row);
          const date = text(row, 'segments.date');
          if (!key || !date) return null;
          const id = `${key}|${date}`;
          let figure = byDay.get(id);
          if (!figure) {
            figure = {
              kind,
              key,
              date,
              impressions: 0,
              clicks: 0,
              costCents: 0,
              calls: 0,
              forms: 0,
            };
            byDay.set(id, figure);
          }
          return figure;
        };
        for (const row of rows) {
          const figure = entry(row);
          if (!figure) continue;
          // geographic_view splits a city over location types: add them up.
          figure.impressions += int(row, 'metrics.impressions');
          figure.clicks += int(row, 'metrics.clicks');
          figure.costCents += microsToCents(text(row, 'metrics.costMicros'));
        }
        for (const row of conversions) {
          const figure = entry(row);
          if (!figure) continue;
          const category = text(row, 'segments.conversionActionCategory');
          if (category === 'PHONE_CALL_LEAD') figure.calls += int(row, 'metrics.conversions');
          if (category === 'SUBMIT_LEAD_FORM') figure.forms += int(row, 'metrics.conversions');
        }
        out.push(...byDay.values());
      }
      return out;
    },

    async leads(access, range, signal) {
      const { timeZone } = await accountOf(access, signal);
      const zone = timeZone ?? 'UTC';
      const calls = await query(
        access,
        `SELECT call_view.resource_name, call_view.caller_area_code, call_view.call_duration_seconds, call_view.start_call_date_time, campaign.id FROM call_view WHERE call_view.start_call_date_time >= '${range.from} 00:00:00' AND call_view.start_call_date_time <= '${range.to} 23:59:59'`,
        signal,
      );
      const forms = await query(
        access,
        `SELECT lead_form_submission_data.resource_name, lead_form_submission_data.campaign, lead_form_submission_data.submission_date_time, lead_form_submission_data.lead_form_submission_fields FROM lead_form_submission_data WHERE lead_form_submission_data.submission_date_time >= '${range.from} 00:00:00' AND lead_form_submission_data.submission_date_time <= '${range.to} 23:59:59'`,
        signal,
      );
      // Google writes these in the account's zone as "yyyy-MM-dd HH:mm:ss".
      const instant = (local: string | null) =>
        local ? localDateTimeToInstant(local.slice(0, 19).replace(' ', 'T'), zone) : null;
      const leads: GadsLead[] = [];
      for (const row of calls) {
        const id = text(row, 'callView.resourceName');
        const at = instant(text(row, 'callView.startCallDateTime'));
        if (!id || !at || Number.isNaN(at.getTime())) continue;
        leads.push({
          id,
          kind: 'call',
          occurredAt: at,
          campaignId: text(row, 'campaign.id'),
          callerAreaCode: text(row, 'callView.callerAreaCode'),
          durationSeconds: int(row, 'callView.callDurationSeconds'),
          formFields: null,
        });
      }
      for (const row of forms) {
        const s = 'leadFormSubmissionData';
        const id = text(row, `${s}.resourceName`);
        const at = instant(text(row, `${s}.submissionDateTime`));
        if (!id || !at || Number.isNaN(at.getTime())) continue;
        const fields = field(row, `${s}.leadFormSubmissionFields`);
        leads.push({
          id,
          kind: 'form',
          occurredAt: at,
          campaignId: lastSegment(text(row, `${s}.campaign`)),
          callerAreaCode: null,
          durationSeconds: null,
          formFields: Array.isArray(fields)
            ? fields.map((f) => ({
                name: text(f, 'fieldType') ?? '',
                value: text(f, 'fieldValue') ?? '',
              }))
            : [],
        });
      }
      return leads;
    },
  };
}
