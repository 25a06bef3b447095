import { eq, inArray } from 'drizzle-orm';
import { productInstances, syncStates, vendorConnections } from '../../kernel/db/schema';
import type { SeedContext, SeededProduct } from '../../kernel/demo/seed-context';
import { createFbRatingsDemo } from '../../providers/facebook-page/fb-ratings-demo';
import { createGbpReviewsDemo } from '../../providers/google-business-profile/gbp-reviews-demo';
import type { ReviewsProvider } from '../../providers/kernel/reviews-port';
import { loadDemoHints } from './demo-account-hints';
import { createReviewsRepository } from './reviews.repository';

const GOOGLE_REVIEW_PRODUCTS = new Set([
  'google-business-pro',
  'local-marketing-essentials',
  'tow-marketing-essentials',
  'google-calls-advisor',
]);

/**
 * Connects each demo company's Business Profile location and Facebook page, and syncs 18
 * months of their reviews from the demo adapters, as the sync job would (same upsert, same
 * cursor): the running server's first sync then picks up only what came after the seed.
 */
export async function seedReviews(ctx: SeedContext, products: SeededProduct[]) {
  const { tx } = ctx;
  const refs = await tx
    .select({ id: productInstances.id, refs: productInstances.externalRefs })
    .from(productInstances)
    .where(
      inArray(
        productInstances.id,
        products.map((p) => p.id),
      ),
    );
  const refsOf = new Map(refs.map((r) => [r.id, r.refs]));
  const links: { productId: number; companyId: number; vendor: string; account: string }[] = [];
  for (const product of products) {
    const ref = refsOf.get(product.id) ?? {};
    if (GOOGLE_REVIEW_PRODUCTS.has(product.slug)) {
      // One location per company: every Google product of it reads the same reviews.
      const first = links.find(
        (l) => l.companyId === product.companyId && l.vendor === 'google-business-profile',
      );
      const account =
        first?.account ??
        `accounts/${1_000_000 + product.companyId}/${ref.gbpLocationId ?? `locations/${product.companyId}`}`;
      links.push({
        productId: product.id,
        companyId: product.companyId,
        vendor: 'google-business-profile',
        account,
      });
    } else if (product.slug === 'facebook-pro') {
      const account = ref.facebookPageId ?? String(100_000_000_000 + product.companyId);
      links.push({
        productId: product.id,
        companyId: product.companyId,
        vendor: 'facebook-page',
        account,
      });
    }
  }
  const unique = [...new Map(links.map((l) => [`${l.companyId}|${l.vendor}`, l])).values()];
  if (unique.length === 0) return { connections: 0, reviews: 0 };
  const connections = await tx
    .insert(vendorConnections)
    .values(
      unique.map((l) => ({
        companyId: l.companyId,
        vendor: l.vendor,
        externalAccount: l.account,
        displayName: l.vendor === 'facebook-page' ? 'Facebook page' : 'Business Profile location',
        lastSyncedAt: ctx.anchor,
      })),
    )
    .returning();
  const connectionOf = new Map(connections.map((c) => [`${c.companyId}|${c.vendor}`, c]));
  for (const link of links) {
    const connection = connectionOf.get(`${link.companyId}|${link.vendor}`);
    if (!connection) continue;
    await tx
      .update(productInstances)
      .set({ vendorConnectionId: connection.id })
      .where(eq(productInstances.id, link.productId));
  }

  const hints = await loadDemoHints(tx);
  const options = { now: () => ctx.anchor, describe: (account: string) => hints.get(account) };
  const providers: Record<string, ReviewsProvider> = {
    'google-business-profile': createGbpReviewsDemo(options),
    'facebook-page': createFbRatingsDemo(options),
  };
  const repo = createReviewsRepository(tx);
  let total = 0;
  for (const connection of connections) {
    const provider = providers[connection.vendor];
    if (!provider) continue;
    const access = { externalAccount: connection.externalAccount, accessToken: null };
    let pageToken: string | null = null;
    let highWater = 0;
    let stored = 0;
    do {
      const page = await provider.listReviews(access, { pageToken, pageSize: 500 });
      for (const review of page.reviews)
        highWater = Math.max(highWater, review.updatedAt.getTime());
      const source = connection.vendor === 'facebook-page' ? 'facebook' : 'google';
      stored += (await repo.upsertPage(tx, connection, source, page.reviews)).written;
      pageToken = page.nextPageToken;
    } while (pageToken);
    await tx.insert(syncStates).values({
      connectionId: connection.id,
      dataset: 'reviews',
      cursor: highWater ? { highWater: new Date(highWater).toISOString() } : {},
      state: 'idle',
      startedAt: ctx.anchor,
      finishedAt: ctx.anchor,
      itemsSeen: stored,
      itemsWritten: stored,
    });
    total += stored;
  }
  return { connections: connections.length, reviews: total };
}
