import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { photos, storedImages, vendorConnections } from '../../kernel/db/schema';
import type { SeedContext, SeededProduct } from '../../kernel/demo/seed-context';
import { createGbpMediaDemo } from '../../providers/google-business-profile/gbp-media-demo';

/** Colours of the demo's pictures: a few, reused, so seeding stays fast. */
const SWATCHES = ['#2a7ab0', '#3f9d5a', '#c9822b', '#8a4fb3', '#b23b3b', '#4a5568'];

async function pictures(): Promise<{ bytes: Buffer; sha256: string }[]> {
  return Promise.all(
    SWATCHES.map(async (background, i) => {
      // A two-tone picture (a band across a colour) at a photo's 4:3.
      const band = await sharp({
        create: { width: 320, height: 60, channels: 3, background: '#f7f7f2' },
      })
        .png()
        .toBuffer();
      const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background } })
        .composite([{ input: band, top: 60 + i * 20, left: 0 }])
        .jpeg({ quality: 80 })
        .toBuffer();
      return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
    }),
  );
}

/**
 * Each demo company's Business Profile photos, from the demo adapter's history (the sync's
 * own source), each with a generated picture stored for it: the browser has no way to reach
 * Google's image hosts in the demo, so the gallery shows these.
 */
export async function seedPhotos(ctx: SeedContext, _products: SeededProduct[]): Promise<void> {
  const { tx } = ctx;
  const connections = await tx
    .select()
    .from(vendorConnections)
    .where(eq(vendorConnections.vendor, 'google-business-profile'));
  if (connections.length === 0) return;
  const made = await pictures();
  const provider = createGbpMediaDemo({ now: () => ctx.anchor });
  for (const connection of connections) {
    const images = await tx
      .insert(storedImages)
      .values(
        made.map((p) => ({
          companyId: connection.companyId,
          contentType: 'image/jpeg',
          bytes: p.bytes,
          byteSize: p.bytes.length,
          width: 320,
          height: 240,
          sha256: p.sha256,
        })),
      )
      .returning({ id: storedImages.id });
    const { items } = await provider.listMedia(
      { externalAccount: connection.externalAccount, accessToken: null },
      { pageToken: null, pageSize: 1000 },
    );
    if (items.length === 0) continue;
    await tx.insert(photos).values(
      items.map((item, i) => ({
        companyId: connection.companyId,
        connectionId: connection.id,
        externalId: item.externalId,
        category: item.category,
        description: item.description,
        imageId: images[i % images.length]?.id ?? null,
        width: 320,
        height: 240,
        views: item.views,
        state: 'live',
        takenAt: item.createdAt,
      })),
    );
  }
}
