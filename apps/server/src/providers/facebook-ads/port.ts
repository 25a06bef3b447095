import type { ConnectionAccess } from '../kernel/connection-access';

/** A Meta ad account's campaign (`/act_{id}/campaigns`). */
export interface VendorAdCampaign {
  campaignId: string;
  name: string;
  /** OUTCOME_LEADS, OUTCOME_TRAFFIC, OUTCOME_AWARENESS, … */
  objective: string;
  /** ACTIVE, PAUSED, ARCHIVED, … */
  status: string;
  /** Graph gives budgets in the currency's minor unit: cents for USD. Null: set on ad sets. */
  dailyBudgetCents: number | null;
}

/**
 * One campaign's figures for one day of the account's time zone (insights with
 * `level=campaign`, `time_increment=1`). Spend converted exactly from Graph's decimal
 * string; leads from the `actions` list (see fb-ads-values.ts).
 */
export interface VendorAdInsight {
  campaignId: string;
  campaignName: string;
  /** `date_start`, yyyy-MM-dd. */
  day: string;
  spendCents: number;
  impressions: number;
  reach: number;
  clicks: number;
  leads: number;
}

/** An insights window (the account's days, both included) and Graph's `after` cursor. */
export interface InsightsQuery {
  since: string;
  until: string;
  after: string | null;
  pageSize: number;
}

/** An ad of the account (`/act_{id}/ads`): a lead ad's leads are read per ad. */
export interface VendorAd {
  adId: string;
  campaignId: string | null;
}

/** A lead ad's lead (Graph `/{ad-id}/leads`): who filled the instant form and what they gave. */
export interface VendorAdLead {
  /** Graph's leadgen id. */
  leadgenId: string;
  formId: string;
  adId: string | null;
  campaignId: string | null;
  createdTime: Date;
  /** `field_data` as Graph gives it: full_name, phone_number, email, custom questions. */
  fieldData: { name: string; values: string[] }[];
}

/**
 * One ad's leads created strictly after `createdAfter` (Graph's `time_created` filter has
 * whole seconds; null: all of them), from Graph's `after` cursor.
 */
export interface LeadsQuery {
  adId: string;
  createdAfter: Date | null;
  after: string | null;
  pageSize: number;
}

export interface FacebookAdsProvider {
  readonly vendor: 'facebook-ads';
  readonly mode: 'demo' | 'live';
  listCampaigns(
    access: ConnectionAccess,
    page: { after: string | null; pageSize: number },
    signal?: AbortSignal,
  ): Promise<{ campaigns: VendorAdCampaign[]; after: string | null }>;
  listInsights(
    access: ConnectionAccess,
    query: InsightsQuery,
    signal?: AbortSignal,
  ): Promise<{ rows: VendorAdInsight[]; after: string | null }>;
  listAds(
    access: ConnectionAccess,
    page: { after: string | null; pageSize: number },
    signal?: AbortSignal,
  ): Promise<{ ads: VendorAd[]; after: string | null }>;
  listLeads(
    access: ConnectionAccess,
    query: LeadsQuery,
    signal?: AbortSignal,
  ): Promise<{ leads: VendorAdLead[]; after: string | null }>;
}
