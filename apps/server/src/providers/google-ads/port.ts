import type { AdScheduleEntry, DayRange } from '@pinpoint/contracts';
import type { ConnectionAccess } from '../kernel/connection-access';

/**
 * A Google Ads customer as every Google Ads adapter (demo, live GAQL) maps it. The
 * external account is the ten-digit customer id; money is already in integer cents
 * (micros rounded half away from zero, see micros.ts).
 */
export interface GadsAccount {
  customerId: string;
  descriptiveName: string;
  currencyCode: string;
  /** The zone `segments.date` is counted in; null when the adapter cannot tell. */
  timeZone: string | null;
}

export interface GadsCampaign {
  id: string;
  name: string;
  channelType: string;
  status: string;
  /** Daily budget. */
  budgetCents: number | null;
  startDate: string | null;
  schedule: AdScheduleEntry[];
}

export interface GadsAd {
  id: string;
  campaignId: string;
  adGroupId: string;
  adGroupName: string;
  type: string;
  status: string;
  headlines: string[];
  descriptions: string[];
  finalUrl: string | null;
}

export interface GadsKeyword {
  /** `{adGroupId}~{criterionId}` */
  id: string;
  campaignId: string;
  text: string;
  matchType: string;
  qualityScore: number | null;
  status: string;
}

export interface GadsImageAsset {
  id: string;
  name: string;
  url: string;
  width: number | null;
  height: number | null;
  fileSize: number | null;
}

/** What the account is made of, read whole on each daily run (a few hundred rows). */
export interface GadsStructure {
  account: GadsAccount;
  campaigns: GadsCampaign[];
  ads: GadsAd[];
  keywords: GadsKeyword[];
  assets: GadsImageAsset[];
}

export type GadsFigureKind = 'campaign' | 'ad' | 'keyword' | 'location';

/** One entity's figures for one day (`segments.date`, the account's zone). */
export interface GadsDayFigure {
  kind: GadsFigureKind;
  /** Campaign id, ad id, `{adGroupId}~{criterionId}`, or geo target constant id. */
  key: string;
  date: string;
  impressions: number;
  clicks: number;
  costCents: number;
  calls: number;
  forms: number;
}

export interface GadsLead {
  id: string;
  kind: 'call' | 'form';
  occurredAt: Date;
  campaignId: string | null;
  callerAreaCode: string | null;
  durationSeconds: number | null;
  formFields: { name: string; value: string }[] | null;
}

export interface GoogleAdsProvider {
  readonly mode: 'demo' | 'live';
  structure(access: ConnectionAccess, signal?: AbortSignal): Promise<GadsStructure>;
  /** Every entity's figures for the days of `range` (both included). */
  figures(
    access: ConnectionAccess,
    range: DayRange,
    signal?: AbortSignal,
  ): Promise<GadsDayFigure[]>;
  /** Calls and form submissions on the days of `range` (the account's zone). */
  leads(access: ConnectionAccess, range: DayRange, signal?: AbortSignal): Promise<GadsLead[]>;
  /** Keyword ideas for seed keywords in one geo target (the ads estimator). */
  generateKeywordIdeas(
    access: ConnectionAccess,
    request: GadsEstimateRequest,
    signal?: AbortSignal,
  ): Promise<{ ideas: GadsKeywordIdea[]; source: GadsEstimateSource }>;
  /** A forecast of the request's period for its keywords, geo target and budget. */
  forecast(
    access: ConnectionAccess,
    request: GadsEstimateRequest,
    signal?: AbortSignal,
  ): Promise<{ forecast: GadsForecast; source: GadsEstimateSource }>;
}

/** What the ads estimator asks: keywords, one geo target constant, a monthly budget, a period. */
export interface GadsEstimateRequest {
  keywords: string[];
  /** Google's criteria id (`geoTargetConstants/{id}`). */
  geoTargetId: string;
  /** Residents of the geo target (the demo model's scale; the live API ignores it). */
  population: number;
  monthlyBudgetCents: number;
  /** The forecast's days, both included. */
  period: DayRange;
}

export interface GadsKeywordIdea {
  text: string;
  monthlySearches: number | null;
  competition: 'LOW' | 'MEDIUM' | 'HIGH' | 'UNKNOWN';
  lowBidCents: number | null;
  highBidCents: number | null;
}

export interface GadsForecast {
  impressions: number;
  clicks: number;
  costCents: number;
  conversions: number;
  averageCpcCents: number | null;
}

/** Who answered: Google's keyword planning, or the demo model and what it was calibrated on. */
export interface GadsEstimateSource {
  kind: 'demo' | 'live';
  label: string;
  sampleSize: number | null;
  detail: string;
}
