import type { ConnectionAccess } from '../kernel/connection-access';

/** Google's locationAssociation categories for a location's photos. */
export const MEDIA_CATEGORIES = [
  'COVER',
  'PROFILE',
  'LOGO',
  'EXTERIOR',
  'INTERIOR',
  'PRODUCT',
  'AT_WORK',
  'TEAM',
  'FOOD_AND_DRINK',
  'MENU',
  'COMMON_AREA',
  'ROOMS',
  'ADDITIONAL',
] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];

/** A photo of a location as the vendor lists it. */
export interface VendorMediaItem {
  externalId: string;
  category: string;
  description: string;
  googleUrl: string | null;
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  views: number | null;
  createdAt: Date;
}

export interface MediaPage {
  items: VendorMediaItem[];
  nextPageToken: string | null;
}

/** A location's photos: list (newest first), add one by URL, delete one. */
export interface MediaProvider {
  vendor: string;
  mode: 'demo' | 'live';
  listMedia(
    access: ConnectionAccess,
    page: { pageToken: string | null; pageSize: number },
    signal?: AbortSignal,
  ): Promise<MediaPage>;
  /** `sourceUrl`: where the vendor fetches the picture (our signed link). */
  createMedia(
    access: ConnectionAccess,
    photo: { category: string; description: string; sourceUrl: string | null },
  ): Promise<VendorMediaItem>;
  deleteMedia(access: ConnectionAccess, externalId: string): Promise<void>;
}
