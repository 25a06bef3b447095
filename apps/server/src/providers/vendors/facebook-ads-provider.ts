import type { ConnectionAccess } from './reviews-provider';

export type { ConnectionAccess };

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
}
