import { hash32 } from '../../kernel/demo/random';
import type { ConnectionAccess } from '../kernel/connection-access';
import { DemoRandom } from '../kernel/demo-random';
import { VendorError } from '../kernel/vendor-errors';
import { GBP_VENDOR } from '../kernel/vendor-ids';
import type { MediaProvider, VendorMediaItem } from './media-port';

/** The demo's photo history starts here and gains a photo every PHOTO_EVERY_DAYS. */
const EPOCH = Date.UTC(2024, 0, 3);
const PHOTO_EVERY_DAYS = 45;
const DAY = 86_400_000;
const CATEGORIES = [
  'COVER',
  'PROFILE',
  'LOGO',
  'EXTERIOR',
  'INTERIOR',
  'AT_WORK',
  'TEAM',
  'PRODUCT',
];
const DESCRIPTIONS: Record<string, string> = {
  COVER: 'Our storefront',
  PROFILE: 'Our team at work',
  LOGO: 'Logo',
  EXTERIOR: 'Outside our building',
  INTERIOR: 'Inside our office',
  AT_WORK: 'On the job',
  TEAM: 'The team',
  PRODUCT: 'What we offer',
};

export interface GbpMediaDemoOptions {
  seed?: string;
  now?: () => Date;
}

/**
 * Deterministic photos for any location: one every 45 days since a fixed epoch, with
 * growing view counts. Google's own image URLs are not given (the demo has no image host
 * the browser could reach); the seed stores a generated picture for each of them.
 * Writes are kept in memory and listed like the rest.
 */
export function createGbpMediaDemo(options: GbpMediaDemoOptions = {}): MediaProvider {
  const seed = hash32(options.seed ?? 'pinpoint-demo');
  const now = options.now ?? (() => new Date());
  const written = new Map<string, VendorMediaItem[]>();
  const deleted = new Set<string>();

  function history(account: string): VendorMediaItem[] {
    const items: VendorMediaItem[] = [];
    const last = Math.floor((now().getTime() - EPOCH) / (PHOTO_EVERY_DAYS * DAY));
    for (let k = 0; k <= last; k++) {
      const random = new DemoRandom(seed, `${account}#media#${k}`);
      const createdAt = new Date(
        EPOCH + k * PHOTO_EVERY_DAYS * DAY + random.int(0, 20) * 3_600_000,
      );
      const category = k === 0 ? 'COVER' : k === 1 ? 'LOGO' : random.pick(CATEGORIES);
      const ageDays = (now().getTime() - createdAt.getTime()) / DAY;
      items.push({
        externalId: `${account}/media/demo-${k}`,
        category,
        description: DESCRIPTIONS[category] ?? '',
        googleUrl: null,
        thumbnailUrl: null,
        width: 1200,
        height: 900,
        views: Math.round(ageDays * random.between(2, 9)),
        createdAt,
      });
    }
    return items;
  }

  return {
    vendor: GBP_VENDOR,
    mode: 'demo',
    async listMedia(access: ConnectionAccess, page) {
      const all = [
        ...history(access.externalAccount),
        ...(written.get(access.externalAccount) ?? []),
      ]
        .filter((item) => !deleted.has(item.externalId))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const start = page.pageToken ? Number(page.pageToken) : 0;
      const items = all.slice(start, start + page.pageSize);
      const next = start + page.pageSize < all.length ? String(start + page.pageSize) : null;
      return { items, nextPageToken: next };
    },
    async createMedia(access, photo) {
      const list = written.get(access.externalAccount) ?? [];
      const item: VendorMediaItem = {
        externalId: `${access.externalAccount}/media/upload-${list.length + 1}-${Date.now()}`,
        category: photo.category,
        description: photo.description,
        googleUrl: null,
        thumbnailUrl: null,
        width: null,
        height: null,
        views: 0,
        createdAt: now(),
      };
      written.set(access.externalAccount, [...list, item]);
      return item;
    },
    async deleteMedia(_access, externalId) {
      if (deleted.has(externalId)) {
        throw new VendorError(GBP_VENDOR, 'not_found', 'That photo is not on the profile.');
      }
      deleted.add(externalId);
    },
  };
}
