import { z } from 'zod';
import type { ConnectionAccess } from '../kernel/connection-access';
import { classify as classifyGraph } from '../kernel/meta-graph-http';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { FACEBOOK_ACCESS_DENIED, VendorError, type VendorErrorCode } from '../kernel/vendor-errors';
import {
  createVendorSend,
  parseRetryAfter,
  safeVendorMessage,
  unexpectedShape,
  type VendorResponse,
} from '../kernel/vendor-http';
import { FACEBOOK_ADS_VENDOR } from '../kernel/vendor-ids';
import { countOf, decimalToCents, leadsOf } from './fb-ads-values';
import type { FacebookAdsProvider, VendorAdInsight, VendorAdLead } from './port';

const LABEL = 'Facebook Ads';
export const INSIGHTS_FIELDS =
  'campaign_id,campaign_name,spend,impressions,reach,clicks,ctr,cpc,actions,date_start,date_stop';
export const CAMPAIGN_FIELDS = 'id,name,objective,status,daily_budget';
export const AD_FIELDS = 'id,campaign_id';
export const LEAD_FIELDS = 'id,created_time,ad_id,form_id,campaign_id,field_data';

const paging = z
  .object({
    cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
    next: z.string().optional(),
  })
  .optional();
const numeric = z.union([z.string(), z.number()]);

const insightSchema = z.object({
  campaign_id: z.string(),
  campaign_name: z.string().optional(),
  date_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  spend: numeric.optional(),
  impressions: numeric.optional(),
  reach: numeric.optional(),
  clicks: numeric.optional(),
  actions: z.array(z.object({ action_type: z.string(), value: numeric })).optional(),
});
const insightsSchema = z.object({ data: z.array(insightSchema), paging });
const campaignsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string().optional(),
      objective: z.string().optional(),
      status: z.string().optional(),
      daily_budget: numeric.optional(),
    }),
  ),
  paging,
});
const adsSchema = z.object({
  data: z.array(z.object({ id: z.string(), campaign_id: z.string().optional() })),
  paging,
});
const leadsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      // "2026-11-21T14:03:27+0000": Graph's offset has no colon, which Date.parse reads.
      created_time: z.string().refine((t) => Number.isFinite(Date.parse(t))),
      ad_id: z.string().optional(),
      form_id: z.string(),
      campaign_id: z.string().optional(),
      field_data: z
        .array(z.object({ name: z.string(), values: z.array(z.string()).default([]) }))
        .default([]),
    }),
  ),
  paging,
});
const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    fbtrace_id: z.string().optional(),
  }),
});

/**
 * Graph's codes over its HTTP status (mostly 400). On top of the page API's reading: 17
 * (user request limit) and 80000–80014 (business use case limits, 80004 being the ads
 * insights one) are rate limits; 190 (expired or invalid token) is `auth`.
 */
export function classifyAdsError(
  status: number,
  code: number | undefined,
  subcode: number | undefined,
): VendorErrorCode {
  if (code === 17 || (code !== undefined && code >= 80_000 && code <= 80_014)) {
    return 'rate_limited';
  }
  return classifyGraph(status, code, subcode);
}

/**
 * How long Meta asks us to wait: `Retry-After` when sent, else the business use case
 * header's `estimated_time_to_regain_access` (minutes), else the ad account usage header's
 * `reset_time_duration` (seconds). Null when none says.
 */
export function metaRetryAfterMs(headers: Headers): number | null {
  const retryAfter = parseRetryAfter(headers.get('retry-after'));
  if (retryAfter !== null) return retryAfter;
  try {
    const buc = headers.get('x-business-use-case-usage');
    if (buc) {
      const parsed = JSON.parse(buc) as Record<
        string,
        { estimated_time_to_regain_access?: number }[]
      >;
      const minutes = Math.max(
        0,
        ...Object.values(parsed)
          .flat()
          .map((u) => Number(u.estimated_time_to_regain_access ?? 0)),
      );
      if (minutes > 0) return minutes * 60_000;
    }
    const account = headers.get('x-ad-account-usage');
    if (account) {
      const seconds = Number(
        (JSON.parse(account) as { reset_time_duration?: number }).reset_time_duration,
      );
      if (seconds > 0) return seconds * 1000;
    }
  } catch {
    // An unreadable usage header says nothing about waiting.
  }
  return null;
}

/** `act_123` as Graph names the account; our stored id may lack the prefix. */
export function adAccountPath(externalAccount: string): string {
  const id = externalAccount.trim();
  return id.startsWith('act_') ? id : `act_${id}`;
}

export interface FbAdsLiveOptions {
  recordCall: RecordProviderCall;
  baseUrl: string;
  graphVersion: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/**
 * The Meta Marketing API: campaigns and daily campaign insights of one ad account. The
 * token travels in the Authorization header, never in a URL; one request per method call
 * (the sync frame retries, waits and breaks circuits).
 */
export function createFbAdsLive(options: FbAdsLiveOptions): FacebookAdsProvider {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/${options.graphVersion}`;
  const send = createVendorSend({ ...options, vendor: FACEBOOK_ADS_VENDOR, label: LABEL });

  function headers(access: ConnectionAccess): Record<string, string> {
    if (!access.accessToken) {
      throw new VendorError(FACEBOOK_ADS_VENDOR, 'auth', `${LABEL} is not connected (no token).`);
    }
    return { authorization: `Bearer ${access.accessToken}`, accept: 'application/json' };
  }

  function failure(response: VendorResponse, access: ConnectionAccess): VendorError {
    const parsed = graphErrorSchema.safeParse(response.json);
    const error = parsed.success ? parsed.data.error : undefined;
    const code = classifyAdsError(response.status, error?.code, error?.error_subcode);
    const said = safeVendorMessage(error?.message, [access.accessToken, access.refreshToken]);
    const message =
      code === 'permission'
        ? FACEBOOK_ACCESS_DENIED
        : `${LABEL} refused the request (HTTP ${response.status}${
            error?.code !== undefined ? `, code ${error.code}` : ''
          }${said ? `: ${said}` : ''}${error?.fbtrace_id ? ` [fbtrace_id ${error.fbtrace_id}]` : ''}).`;
    return new VendorError(
      FACEBOOK_ADS_VENDOR,
      code,
      message,
      response.status,
      code === 'rate_limited' ? metaRetryAfterMs(response.headers) : null,
    );
  }

  async function get(
    access: ConnectionAccess,
    edge: string,
    query: URLSearchParams,
    signal?: AbortSignal,
  ) {
    return getNode(access, adAccountPath(access.externalAccount), edge, query, signal);
  }

  async function getNode(
    access: ConnectionAccess,
    node: string,
    edge: string,
    query: URLSearchParams,
    signal?: AbortSignal,
  ) {
    const url = `${base}/${encodeURIComponent(node)}/${edge}?${query}`;
    const response = await send({ url, method: 'GET', headers: headers(access), signal });
    if (!response.ok) throw failure(response, access);
    return response.json;
  }

  return {
    vendor: FACEBOOK_ADS_VENDOR,
    mode: 'live',

    async listCampaigns(access, page, signal) {
      const query = new URLSearchParams({
        fields: CAMPAIGN_FIELDS,
        limit: String(Math.max(1, Math.floor(page.pageSize))),
      });
      if (page.after) query.set('after', page.after);
      const parsed = campaignsSchema.safeParse(await get(access, 'campaigns', query, signal));
      if (!parsed.success) throw unexpectedShape(FACEBOOK_ADS_VENDOR, LABEL);
      const { data, paging: pages } = parsed.data;
      return {
        campaigns: data.map((c) => ({
          campaignId: c.id,
          name: c.name ?? c.id,
          objective: c.objective ?? '',
          status: c.status ?? '',
          // Budgets are in the minor unit already ("5000" is $50.00).
          dailyBudgetCents: c.daily_budget === undefined ? null : countOf(c.daily_budget),
        })),
        // Graph sends cursors on the last page too; only `next` says there is more.
        after: pages?.next ? (pages.cursors?.after ?? null) : null,
      };
    },

    async listInsights(access, q, signal) {
      const query = new URLSearchParams({
        level: 'campaign',
        time_increment: '1',
        fields: INSIGHTS_FIELDS,
        time_range: JSON.stringify({ since: q.since, until: q.until }),
        limit: String(Math.max(1, Math.floor(q.pageSize))),
      });
      if (q.after) query.set('after', q.after);
      const parsed = insightsSchema.safeParse(await get(access, 'insights', query, signal));
      if (!parsed.success) throw unexpectedShape(FACEBOOK_ADS_VENDOR, LABEL);
      const rows: VendorAdInsight[] = [];
      for (const row of parsed.data.data) {
        const spendCents = decimalToCents(row.spend ?? '0');
        const impressions = countOf(row.impressions);
        const reach = countOf(row.reach);
        const clicks = countOf(row.clicks);
        if (spendCents === null || impressions === null || reach === null || clicks === null) {
          throw unexpectedShape(FACEBOOK_ADS_VENDOR, LABEL);
        }
        rows.push({
          campaignId: row.campaign_id,
          campaignName: row.campaign_name ?? row.campaign_id,
          day: row.date_start,
          spendCents,
          impressions,
          reach,
          clicks,
          leads: leadsOf(row.actions),
        });
      }
      const pages = parsed.data.paging;
      return { rows, after: pages?.next ? (pages.cursors?.after ?? null) : null };
    },

    async listAds(access, page, signal) {
      const query = new URLSearchParams({
        fields: AD_FIELDS,
        limit: String(Math.max(1, Math.floor(page.pageSize))),
      });
      if (page.after) query.set('after', page.after);
      const parsed = adsSchema.safeParse(await get(access, 'ads', query, signal));
      if (!parsed.success) throw unexpectedShape(FACEBOOK_ADS_VENDOR, LABEL);
      const pages = parsed.data.paging;
      return {
        ads: parsed.data.data.map((ad) => ({ adId: ad.id, campaignId: ad.campaign_id ?? null })),
        after: pages?.next ? (pages.cursors?.after ?? null) : null,
      };
    },

    async listLeads(access, q, signal) {
      // Lead Ads bulk read: `GET /{ad-id}/leads`, newer than a moment through Graph's
      // `filtering` on `time_created` (unix seconds, strictly greater).
      const query = new URLSearchParams({
        fields: LEAD_FIELDS,
        limit: String(Math.max(1, Math.floor(q.pageSize))),
      });
      if (q.createdAfter) {
        query.set(
          'filtering',
          JSON.stringify([
            {
              field: 'time_created',
              operator: 'GREATER_THAN',
              value: Math.floor(q.createdAfter.getTime() / 1000),
            },
          ]),
        );
      }
      if (q.after) query.set('after', q.after);
      if (!/^\d+$/.test(q.adId)) throw unexpectedShape(FACEBOOK_ADS_VENDOR, LABEL);
      const parsed = leadsSchema.safeParse(await getNode(access, q.adId, 'leads', query, signal));
      if (!parsed.success) throw unexpectedShape(FACEBOOK_ADS_VENDOR, LABEL);
      const leads: VendorAdLead[] = parsed.data.data.map((lead) => ({
        leadgenId: lead.id,
        formId: lead.form_id,
        adId: lead.ad_id ?? q.adId,
        campaignId: lead.campaign_id ?? null,
        createdTime: new Date(Date.parse(lead.created_time)),
        fieldData: lead.field_data,
      }));
      const pages = parsed.data.paging;
      return { leads, after: pages?.next ? (pages.cursors?.after ?? null) : null };
    },
  };
}
