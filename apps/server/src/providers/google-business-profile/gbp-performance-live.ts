import { addCalendarDays } from '@pinpoint/contracts';
import { z } from 'zod';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { createVendorSend, unexpectedShape } from '../kernel/vendor-http';
import { GBP_VENDOR } from '../kernel/vendor-ids';
import { locationName } from './gbp-listing-live';
import { googleApiHttp } from './google-api-http';
import type { PerformanceProvider, VendorPerformanceDay } from './performance-port';

const LABEL = 'Google Business Profile Performance API';
export const GBP_PERFORMANCE_DEFAULT_URL = 'https://businessprofileperformance.googleapis.com';

/** Google's metric → our column. Impressions stay per surface, as Google reports them. */
export const DAILY_METRICS = {
  BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 'desktopMaps',
  BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 'desktopSearch',
  BUSINESS_IMPRESSIONS_MOBILE_MAPS: 'mobileMaps',
  BUSINESS_IMPRESSIONS_MOBILE_SEARCH: 'mobileSearch',
  CALL_CLICKS: 'calls',
  BUSINESS_DIRECTION_REQUESTS: 'directions',
  WEBSITE_CLICKS: 'websiteClicks',
} as const satisfies Record<string, keyof Omit<VendorPerformanceDay, 'day'>>;
type DailyMetric = keyof typeof DAILY_METRICS;

// proto3 JSON: an int64 `value` arrives as a string, and a zero value is left out entirely.
const dateSchema = z.object({ year: z.number(), month: z.number(), day: z.number() });
const responseSchema = z.object({
  multiDailyMetricTimeSeries: z
    .array(
      z.object({
        dailyMetricTimeSeries: z
          .array(
            z.object({
              dailyMetric: z.string(),
              timeSeries: z
                .object({
                  datedValues: z
                    .array(
                      z.object({
                        date: dateSchema,
                        value: z.union([z.string(), z.number()]).optional(),
                      }),
                    )
                    .optional(),
                })
                .optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: z.infer<typeof dateSchema>) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

function rangeQuery(from: string, to: string): string {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  const params = new URLSearchParams();
  for (const metric of Object.keys(DAILY_METRICS)) params.append('dailyMetrics', metric);
  params.set('dailyRange.startDate.year', String(fy));
  params.set('dailyRange.startDate.month', String(fm));
  params.set('dailyRange.startDate.day', String(fd));
  params.set('dailyRange.endDate.year', String(ty));
  params.set('dailyRange.endDate.month', String(tm));
  params.set('dailyRange.endDate.day', String(td));
  return params.toString();
}

export interface GbpPerformanceLiveOptions {
  recordCall: RecordProviderCall;
  baseUrl?: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/** `GET /v1/locations/{l}:fetchMultiDailyMetricsTimeSeries`, every metric in one call. */
export function createGbpPerformanceLive(options: GbpPerformanceLiveOptions): PerformanceProvider {
  const base = (options.baseUrl ?? GBP_PERFORMANCE_DEFAULT_URL).replace(/\/+$/, '');
  const send = createVendorSend({ ...options, vendor: GBP_VENDOR, label: LABEL });
  const { headers, failure } = googleApiHttp(LABEL);

  return {
    vendor: GBP_VENDOR,
    mode: 'live',
    async dailyMetrics(access, range, signal) {
      const name = locationName(access.externalAccount);
      const response = await send({
        url: `${base}/v1/${name}:fetchMultiDailyMetricsTimeSeries?${rangeQuery(range.from, range.to)}`,
        method: 'GET',
        headers: headers(access),
        signal,
      });
      if (!response.ok) throw failure(response, access);
      const parsed = responseSchema.safeParse(response.json ?? {});
      if (!parsed.success) throw unexpectedShape(GBP_VENDOR, LABEL);
      // Every day of the range, zero where Google left a value (or the whole day) out.
      const byDay = new Map<string, VendorPerformanceDay>();
      for (let day = range.from; day <= range.to; day = addCalendarDays(day, 1)) {
        byDay.set(day, {
          day,
          desktopMaps: 0,
          desktopSearch: 0,
          mobileMaps: 0,
          mobileSearch: 0,
          calls: 0,
          directions: 0,
          websiteClicks: 0,
        });
      }
      for (const group of parsed.data.multiDailyMetricTimeSeries ?? []) {
        for (const series of group.dailyMetricTimeSeries ?? []) {
          const column = DAILY_METRICS[series.dailyMetric as DailyMetric];
          if (!column) continue; // a metric we did not ask for
          for (const point of series.timeSeries?.datedValues ?? []) {
            const row = byDay.get(dayOf(point.date));
            const value = Number(point.value ?? 0);
            if (row && Number.isFinite(value)) row[column] = Math.max(0, Math.round(value));
          }
        }
      }
      return [...byDay.values()];
    },
  };
}
