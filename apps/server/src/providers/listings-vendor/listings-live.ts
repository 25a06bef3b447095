import type { NapField } from '@pinpoint/contracts';
import { z } from 'zod';
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
import { LISTINGS_VENDOR } from '../kernel/vendor-ids';
import { LISTINGS_VENDOR_LABEL, type ListingsVendorProvider, type VendorNap } from './port';

/** Only a placeholder for demo mode: live mode requires LISTINGS_API_URL (vendor-config.ts). */
export const LISTINGS_DEFAULT_BASE_URL = 'https://api.listings-vendor.example/v1';

export interface ListingsLiveOptions {
  baseUrl: string;
  /** The agency's API key (header `privateKey`, as Uberall's API takes it). */
  apiKey: string;
  timeoutMs: number;
  recordCall: RecordProviderCall;
  fetchImpl?: typeof fetch;
}

/**
 * The vendor's location fields (Uberall's names): `streetAndNo`, `addressExtra` (the suite),
 * `zip`, `city`, `province`, `country`, `phone`, `website`.
 */
const vendorLocationSchema = z.object({
  name: z.string().nullish(),
  streetAndNo: z.string().nullish(),
  addressExtra: z.string().nullish(),
  zip: z.string().nullish(),
  city: z.string().nullish(),
  province: z.string().nullish(),
  country: z.string().nullish(),
  phone: z.string().nullish(),
  website: z.string().nullish(),
});
type VendorLocation = z.infer<typeof vendorLocationSchema>;

const listingSchema = vendorLocationSchema.extend({
  directory: z.string(),
  /** FOUND | NOT_FOUND */
  listingStatus: z.enum(['FOUND', 'NOT_FOUND']),
  listingUrl: z.string().nullish(),
  syncStatus: z.string(),
  lastCheckedAt: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'not a timestamp'),
  duplicates: z.array(vendorLocationSchema.extend({ listingUrl: z.string() })).default([]),
});

/** Every answer is `{ status: "SUCCESS", response: {...} }` or `{ status: "ERROR", message }`. */
const envelopeSchema = z.object({ status: z.literal('SUCCESS'), response: z.unknown() });
const errorSchema = z.object({ status: z.string(), message: z.string().optional() });

function fromVendor(v: VendorLocation): VendorNap {
  return {
    name: v.name ?? null,
    address: v.streetAndNo
      ? {
          line1: v.streetAndNo,
          line2: v.addressExtra || null,
          city: v.city ?? '',
          state: v.province ?? '',
          postalCode: v.zip ?? '',
          country: v.country ?? 'US',
        }
      : null,
    phone: v.phone ?? null,
    website: v.website ?? null,
  };
}

function toVendor(nap: VendorNap, fields: readonly NapField[]): VendorLocation {
  const out: VendorLocation = {};
  if (fields.includes('name')) out.name = nap.name;
  if (fields.includes('address') && nap.address) {
    out.streetAndNo = nap.address.line1;
    out.addressExtra = nap.address.line2 ?? '';
    out.zip = nap.address.postalCode;
    out.city = nap.address.city;
    out.province = nap.address.state;
    out.country = nap.address.country;
  }
  if (fields.includes('phone')) out.phone = nap.phone;
  if (fields.includes('website')) out.website = nap.website;
  return out;
}

/**
 * A listings-management vendor's REST API, modelled on Uberall's: a location per business
 * (`POST /locations`), its listing on each directory (`GET`/`PATCH
 * /locations/{id}/listings/{directory}`), a rescan (`POST /locations/{id}/scans`) and the
 * location's sync status (`GET /locations/{id}/status`). The API key goes in `privateKey`.
 */
export function createListingsLive(options: ListingsLiveOptions): ListingsVendorProvider {
  const send = createVendorSend({
    vendor: LISTINGS_VENDOR,
    label: LISTINGS_VENDOR_LABEL,
    recordCall: options.recordCall,
    timeoutMs: options.timeoutMs,
    fetchImpl: options.fetchImpl,
  });
  const base = options.baseUrl.replace(/\/+$/, '');

  function failure(response: VendorResponse): VendorError {
    const parsed = errorSchema.safeParse(response.json);
    const said = safeVendorMessage(parsed.success ? parsed.data.message : undefined, [
      options.apiKey,
    ]);
    return new VendorError(
      LISTINGS_VENDOR,
      classifyHttpStatus(response.status),
      said
        ? `${LISTINGS_VENDOR_LABEL} said: ${said}`
        : `${LISTINGS_VENDOR_LABEL} answered HTTP ${response.status}.`,
      response.status,
      response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : null,
    );
  }

  async function call<T extends z.ZodType>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    shape: T,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<z.output<T>> {
    const response = await send({
      url: `${base}${path}`,
      method,
      headers: {
        privateKey: options.apiKey,
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal,
    });
    if (!response.ok) throw failure(response);
    const answer = envelopeSchema.safeParse(response.json);
    const parsed = answer.success ? shape.safeParse(answer.data.response) : null;
    if (!parsed?.success) throw unexpectedShape(LISTINGS_VENDOR, LISTINGS_VENDOR_LABEL);
    return parsed.data as z.output<T>;
  }

  const location = (id: string) => `/locations/${encodeURIComponent(id)}`;

  return {
    vendor: LISTINGS_VENDOR,
    mode: 'live',
    async createLocation(nap, signal) {
      const answer = await call(
        'POST',
        '/locations',
        z.object({ location: z.object({ id: z.union([z.string(), z.number()]) }) }),
        toVendor(nap, ['name', 'address', 'phone', 'website']),
        signal,
      );
      return { locationId: String(answer.location.id) };
    },
    async requestRescan(access, signal) {
      await call(
        'POST',
        `${location(access.externalAccount)}/scans`,
        z.object({ scan: z.object({ status: z.string() }) }),
        {},
        signal,
      );
    },
    async getListing(access, directory, _at, signal) {
      const answer = await call(
        'GET',
        `${location(access.externalAccount)}/listings/${encodeURIComponent(directory)}`,
        z.object({ listing: listingSchema }),
        undefined,
        signal,
      );
      const l = answer.listing;
      const found = l.listingStatus === 'FOUND';
      return {
        directory,
        found,
        listingUrl: found ? (l.listingUrl ?? null) : null,
        nap: found ? fromVendor(l) : null,
        duplicates: l.duplicates.map((d) => ({ listingUrl: d.listingUrl, nap: fromVendor(d) })),
        syncStatus: l.syncStatus,
        checkedAt: new Date(l.lastCheckedAt),
      };
    },
    async updateListing(access, directory, fields, nap, signal) {
      const answer = await call(
        'PATCH',
        `${location(access.externalAccount)}/listings/${encodeURIComponent(directory)}`,
        z.object({ listing: z.object({ syncStatus: z.string() }) }),
        toVendor(nap, fields),
        signal,
      );
      return { syncStatus: answer.listing.syncStatus };
    },
    async status(access, signal) {
      const answer = await call(
        'GET',
        `${location(access.externalAccount)}/status`,
        z.object({ status: z.object({ syncStatus: z.string() }) }),
        undefined,
        signal,
      );
      return { syncStatus: answer.status.syncStatus };
    },
  };
}
