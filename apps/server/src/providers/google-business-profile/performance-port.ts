import type { ConnectionAccess } from '../kernel/connection-access';

/** One location's figures for one of its calendar days, as every adapter maps them. */
export interface VendorPerformanceDay {
  /** YYYY-MM-DD, the location's day as Google reports it. */
  day: string;
  desktopMaps: number;
  desktopSearch: number;
  mobileMaps: number;
  mobileSearch: number;
  calls: number;
  directions: number;
  websiteClicks: number;
}

/**
 * A Business Profile location's daily metrics (Business Profile Performance API v1,
 * `locations.fetchMultiDailyMetricsTimeSeries`). ONE vendor call per method call; days
 * Google has no figure for come back as zeros (Google leaves zero values out).
 */
export interface PerformanceProvider {
  vendor: string;
  mode: 'demo' | 'live';
  dailyMetrics(
    access: ConnectionAccess,
    range: { from: string; to: string },
    signal?: AbortSignal,
  ): Promise<VendorPerformanceDay[]>;
}
