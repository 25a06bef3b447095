import { z } from 'zod';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError } from '../kernel/vendor-errors';
import { createVendorSend, unexpectedShape, vendorTimestamp } from '../kernel/vendor-http';
import { GBP_VENDOR } from '../kernel/vendor-ids';
import { GBP_DEFAULT_BASE_URL } from './gbp-reviews-live';
import { googleApiHttp } from './google-api-http';
import type { MediaProvider, VendorMediaItem } from './media-port';

const LABEL = 'Google Business Profile';
/** media.list answers at most 100 a page. */
const MAX_PAGE_SIZE = 100;

const mediaItemSchema = z.object({
  name: z.string().min(1),
  mediaFormat: z.string().optional(),
  locationAssociation: z.object({ category: z.string().optional() }).optional(),
  googleUrl: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  createTime: vendorTimestamp,
  dimensions: z
    .object({ widthPixels: z.number().optional(), heightPixels: z.number().optional() })
    .optional(),
  insights: z.object({ viewCount: z.union([z.string(), z.number()]).optional() }).optional(),
  description: z.string().optional(),
});
const listSchema = z.object({
  mediaItems: z.array(mediaItemSchema).optional(),
  nextPageToken: z.string().optional(),
});

const resourcePath = (name: string) => name.split('/').map(encodeURIComponent).join('/');

function toItem(item: z.infer<typeof mediaItemSchema>): VendorMediaItem {
  const views = item.insights?.viewCount;
  return {
    externalId: item.name,
    category: item.locationAssociation?.category ?? 'ADDITIONAL',
    description: item.description ?? '',
    googleUrl: item.googleUrl ?? null,
    thumbnailUrl: item.thumbnailUrl ?? null,
    width: item.dimensions?.widthPixels ?? null,
    height: item.dimensions?.heightPixels ?? null,
    views: views === undefined ? null : Number(views) || 0,
    createdAt: new Date(item.createTime),
  };
}

export interface GbpMediaLiveOptions {
  recordCall: RecordProviderCall;
  baseUrl?: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/**
 * A location's photos through the My Business API v4 (`accounts.locations.media`): list
 * (newest first, with view counts), create from a source URL, delete. One request a call.
 */
export function createGbpMediaLive(options: GbpMediaLiveOptions): MediaProvider {
  const base = (options.baseUrl ?? GBP_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const send = createVendorSend({ ...options, vendor: GBP_VENDOR, label: LABEL });

  const { headers, failure } = googleApiHttp(LABEL);

  const mediaUrl = (access: ConnectionAccess) =>
    `${base}/v4/${resourcePath(access.externalAccount)}/media`;

  return {
    vendor: GBP_VENDOR,
    mode: 'live',

    async listMedia(access, page, signal) {
      const pageSize = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(page.pageSize)));
      const query = new URLSearchParams({ pageSize: String(pageSize) });
      if (page.pageToken) query.set('pageToken', page.pageToken);
      const response = await send({
        url: `${mediaUrl(access)}?${query}`,
        method: 'GET',
        headers: headers(access),
        signal,
      });
      if (!response.ok) throw failure(response, access);
      const parsed = listSchema.safeParse(response.json);
      if (!parsed.success) throw unexpectedShape(GBP_VENDOR, LABEL);
      const items = (parsed.data.mediaItems ?? [])
        .filter((m) => (m.mediaFormat ?? 'PHOTO') === 'PHOTO')
        .map(toItem)
        // The runner stops at what it has seen: newest first, whatever order Google used.
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      return { items, nextPageToken: parsed.data.nextPageToken || null };
    },

    async createMedia(access, photo) {
      if (!photo.sourceUrl) {
        throw new VendorError(
          GBP_VENDOR,
          'invalid',
          'Google fetches photos by address: set PUBLIC_URL so it can reach Pinpoint.',
        );
      }
      const response = await send({
        url: mediaUrl(access),
        method: 'POST',
        headers: headers(access, true),
        body: JSON.stringify({
          mediaFormat: 'PHOTO',
          locationAssociation: { category: photo.category },
          sourceUrl: photo.sourceUrl,
          ...(photo.description && { description: photo.description }),
        }),
      });
      if (!response.ok) throw failure(response, access);
      const parsed = mediaItemSchema.safeParse(response.json);
      if (!parsed.success) throw unexpectedShape(GBP_VENDOR, LABEL);
      return toItem(parsed.data);
    },

    async deleteMedia(access, externalId) {
      const response = await send({
        url: `${base}/v4/${resourcePath(externalId)}`,
        method: 'DELETE',
        headers: headers(access),
      });
      if (!response.ok) throw failure(response, access);
    },
  };
}
