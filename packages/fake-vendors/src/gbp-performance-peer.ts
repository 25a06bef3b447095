import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './peer-http';

export const GBP_PERFORMANCE_PEER_TOKEN = 'gbp-performance-peer-token-41c9';

export interface RunningGbpPerformancePeer {
  base: string;
  /** By `locations/{l}`, then metric, then YYYY-MM-DD: the value Google holds. */
  values: Map<string, Map<string, Map<string, number>>>;
  /** Every request's method and path with its query, in order. */
  requests: string[];
  /** The next request answers this status in Google's error shape (with Retry-After). */
  failNext(status: number, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

const error = (code: number, status: string, message: string) => ({
  error: { code, message, status },
});

const dateOf = (day: string) => {
  const [year = 0, month = 0, d = 0] = day.split('-').map(Number);
  return { year, month, day: d };
};

/**
 * A fake of the Business Profile Performance API v1's
 * `GET /v1/locations/{l}:fetchMultiDailyMetricsTimeSeries` in Google's documented shape:
 * `multiDailyMetricTimeSeries[].dailyMetricTimeSeries[]`, int64 values as strings, zero
 * values left out (as proto3 JSON does), Google's error shape.
 */
export async function startGbpPerformancePeer(): Promise<RunningGbpPerformancePeer> {
  const values = new Map<string, Map<string, Map<string, number>>>();
  const requests: string[] = [];
  let failing: { status: number; retryAfter?: number } | null = null;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (failing) {
      const { status, retryAfter } = failing;
      failing = null;
      const name = status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE';
      return send(
        status,
        error(status, name, 'Quota exceeded.'),
        retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
      );
    }
    if (req.headers.authorization !== `Bearer ${GBP_PERFORMANCE_PEER_TOKEN}`) {
      return send(
        401,
        error(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
      );
    }
    const match = /^\/v1\/(locations\/[^/:]+):fetchMultiDailyMetricsTimeSeries$/.exec(url.pathname);
    if (!match?.[1] || req.method !== 'GET') {
      return send(404, error(404, 'NOT_FOUND', 'Requested entity was not found.'));
    }
    const location = values.get(match[1]);
    if (!location) return send(404, error(404, 'NOT_FOUND', 'Requested entity was not found.'));
    const q = url.searchParams;
    const metrics = q.getAll('dailyMetrics');
    const part = (end: 'startDate' | 'endDate', field: string) =>
      String(q.get(`dailyRange.${end}.${field}`) ?? '').padStart(field === 'year' ? 4 : 2, '0');
    const from = `${part('startDate', 'year')}-${part('startDate', 'month')}-${part('startDate', 'day')}`;
    const to = `${part('endDate', 'year')}-${part('endDate', 'month')}-${part('endDate', 'day')}`;
    if (metrics.length === 0 || !/^\d{4}-\d\d-\d\d$/.test(from) || !/^\d{4}-\d\d-\d\d$/.test(to)) {
      return send(
        400,
        error(400, 'INVALID_ARGUMENT', 'daily_metrics and daily_range are required.'),
      );
    }
    const dailyMetricTimeSeries = metrics.map((dailyMetric) => {
      const byDay = location.get(dailyMetric) ?? new Map<string, number>();
      const datedValues = [...byDay.entries()]
        .filter(([day]) => day >= from && day <= to)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, value]) =>
          value === 0 ? { date: dateOf(day) } : { date: dateOf(day), value: String(value) },
        );
      return { dailyMetric, timeSeries: { datedValues } };
    });
    return send(200, { multiDailyMetricTimeSeries: [{ dailyMetricTimeSeries }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    values,
    requests,
    failNext(status, retryAfterSeconds) {
      failing = {
        status,
        ...(retryAfterSeconds === undefined ? {} : { retryAfter: retryAfterSeconds }),
      };
    },
    close: () => closeServer(server),
  };
}
