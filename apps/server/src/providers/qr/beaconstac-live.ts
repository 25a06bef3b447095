import { z } from 'zod';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError } from '../kernel/vendor-errors';
import {
  classifyHttpStatus,
  createVendorSend,
  parseRetryAfter,
  safeVendorMessage,
  unexpectedShape,
  vendorTimestamp,
} from '../kernel/vendor-http';
import { BEACONSTAC_VENDOR } from '../kernel/vendor-ids';
import {
  BEACONSTAC_LABEL,
  type QrScanDimension,
  type QrVendorProvider,
  type VendorQrScanRow,
} from './port';

export const BEACONSTAC_DEFAULT_BASE_URL = 'https://api.beaconstac.com';

export interface BeaconstacLiveOptions {
  baseUrl: string;
  /** The agency's API key; a connection's own key (its access token) wins. */
  apiKey?: string;
  timeoutMs: number;
  recordCall: RecordProviderCall;
  fetchImpl?: typeof fetch;
}

// `GET /api/2.0/qrcodes/?organization=…`: Django REST framework paging.
const qrCodeSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  url: z.string(),
  state: z.string().default('A'),
  created: vendorTimestamp,
  updated: vendorTimestamp,
  campaign: z.object({ custom_url: z.string().nullish() }).nullish(),
});
const qrPageSchema = z.object({
  count: z.number().optional(),
  next: z.string().nullish(),
  results: z.array(qrCodeSchema),
});
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}/);
const productId = z.union([z.number(), z.string()]).transform(String);
const reportRow = {
  visitors: z.object({
    product_id: productId,
    date: day,
    impressions: z.number().int().min(0),
    unique_users: z.number().int().min(0),
  }),
  os: z.object({
    product_id: productId,
    date: day,
    os: z.string(),
    count: z.number().int().min(0),
  }),
  city: z.object({
    product_id: productId,
    date: day,
    city: z.string(),
    count: z.number().int().min(0),
  }),
  location: z.object({
    product_id: productId,
    date: day,
    place: z.string(),
    latitude: z.number().nullish(),
    longitude: z.number().nullish(),
    count: z.number().int().min(0),
  }),
};
/** The reports API's method per dimension (`reports/?method=Products.…`). */
const REPORT_METHODS: Record<QrScanDimension, string> = {
  visitors: 'Products.getVisitorDistribution',
  os: 'Products.getOsDistribution',
  city: 'Products.getCityDistribution',
  location: 'Products.getLocations',
};
const errorSchema = z.object({ detail: z.string().optional() });

/**
 * Uniqode (Beaconstac) REST API v2: `GET /api/2.0/qrcodes/?organization={org}` (paged with
 * `limit`/`offset`, `ordering=-updated`) and the analytics reports
 * `GET /api/2.0/reports/?method=Products.get…&organization={org}&product_type=qr&from={ms}&to={ms}&interval=1d`
 * answering `{data: [{product_id, date, …}]}` per code and day. `Authorization: Token {key}`.
 * The qrcodes shape follows Beaconstac's published API reference; the reports' row shape
 * is the one our fake peer answers (the report docs were not available to check).
 */
export function createBeaconstacLive(options: BeaconstacLiveOptions): QrVendorProvider {
  const send = createVendorSend({
    vendor: BEACONSTAC_VENDOR,
    label: BEACONSTAC_LABEL,
    recordCall: options.recordCall,
    timeoutMs: options.timeoutMs,
    fetchImpl: options.fetchImpl,
  });
  const base = options.baseUrl.replace(/\/+$/, '');

  function keyOf(access: ConnectionAccess): string {
    const key = access.accessToken ?? options.apiKey;
    if (!key) {
      throw new VendorError(BEACONSTAC_VENDOR, 'auth', `${BEACONSTAC_LABEL} has no API key.`);
    }
    return key;
  }

  async function get(access: ConnectionAccess, path: string, signal?: AbortSignal) {
    const key = keyOf(access);
    const response = await send({
      url: `${base}${path}`,
      method: 'GET',
      headers: { authorization: `Token ${key}`, accept: 'application/json' },
      signal,
    });
    if (!response.ok) {
      const said = errorSchema.safeParse(response.json);
      const message = safeVendorMessage(said.success ? said.data.detail : undefined, [key]);
      throw new VendorError(
        BEACONSTAC_VENDOR,
        classifyHttpStatus(response.status),
        `${BEACONSTAC_LABEL} refused the request (HTTP ${response.status}${message ? `: ${message}` : ''}).`,
        response.status,
        parseRetryAfter(response.headers.get('retry-after')),
      );
    }
    return response.json;
  }

  const org = (access: ConnectionAccess) => encodeURIComponent(access.externalAccount);

  return {
    vendor: BEACONSTAC_VENDOR,
    mode: 'live',
    async listQrCodes(access, page, signal) {
      const query = `organization=${org(access)}&ordering=-updated&limit=${page.limit}&offset=${page.offset}`;
      const parsed = qrPageSchema.safeParse(
        await get(access, `/api/2.0/qrcodes/?${query}`, signal),
      );
      if (!parsed.success) throw unexpectedShape(BEACONSTAC_VENDOR, BEACONSTAC_LABEL);
      const items = parsed.data.results.map((code) => ({
        externalId: String(code.id),
        name: code.name,
        shortUrl: code.url,
        targetUrl: code.campaign?.custom_url ?? null,
        state: code.state,
        createdAt: new Date(code.created),
        updatedAt: new Date(code.updated),
      }));
      const more = Boolean(parsed.data.next) && items.length > 0;
      return { items, nextOffset: more ? page.offset + items.length : null };
    },
    async scanReport(access, range, signal) {
      const from = Date.parse(`${range.from}T00:00:00Z`);
      const to = Date.parse(`${range.to}T00:00:00Z`) + 86_400_000 - 1;
      const rows: VendorQrScanRow[] = [];
      for (const dimension of Object.keys(REPORT_METHODS) as QrScanDimension[]) {
        const query = `method=${REPORT_METHODS[dimension]}&organization=${org(access)}&product_type=qr&from=${from}&to=${to}&interval=1d`;
        const json = await get(access, `/api/2.0/reports/?${query}`, signal);
        const data = z.object({ data: z.array(reportRow[dimension]) }).safeParse(json);
        if (!data.success) throw unexpectedShape(BEACONSTAC_VENDOR, BEACONSTAC_LABEL);
        for (const raw of data.data.data) {
          const common = { qrExternalId: raw.product_id, day: raw.date.slice(0, 10), dimension };
          const none = { latitude: null, longitude: null };
          if ('impressions' in raw) {
            rows.push({
              ...common,
              ...none,
              label: '',
              scans: raw.impressions,
              visitors: raw.unique_users,
            });
          } else if ('os' in raw) {
            rows.push({ ...common, ...none, label: raw.os, scans: raw.count, visitors: 0 });
          } else if ('city' in raw) {
            rows.push({ ...common, ...none, label: raw.city, scans: raw.count, visitors: 0 });
          } else {
            rows.push({
              ...common,
              label: raw.place,
              scans: raw.count,
              visitors: 0,
              latitude: raw.latitude ?? null,
              longitude: raw.longitude ?? null,
            });
          }
        }
      }
      return rows;
    },
  };
}
