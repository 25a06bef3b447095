import type { ReviewSource } from '@pinpoint/contracts';
import { z } from 'zod';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import { defineOutboxWrite, type OutboxWriteDefinition } from '../../platform/vendor-sync/outbox';
import type { ReviewsProvider, VendorReview } from '../../providers/kernel/reviews-port';
import { VendorError } from '../../providers/kernel/vendor-errors';
import type { ReviewsRepository } from './reviews.repository';

export interface ReviewProviders {
  google: ReviewsProvider;
  facebook: ReviewsProvider;
}

/** Google's list answers at most 50 reviews a page; the Graph API takes up to 100. */
const SOURCES = [
  { source: 'google', vendor: 'google-business-profile', key: 'google', pageSize: 50 },
  { source: 'facebook', vendor: 'facebook-page', key: 'facebook', pageSize: 100 },
] as const;

export const REVIEW_WRITE_KINDS = { reply: 'review.reply', deleteReply: 'review.delete-reply' };

export interface ReviewSyncDeps {
  repo: ReviewsRepository;
  providers: ReviewProviders;
  events: EventPublisher;
}

export function sourceOfVendor(vendor: string): ReviewSource | null {
  return SOURCES.find((s) => s.vendor === vendor)?.source ?? null;
}

/** After a sync: alerts for new low ratings (once each), and the news for open pages. */
async function announce(
  deps: ReviewSyncDeps,
  connection: ConnectionRow,
  createdIds: number[],
  backfill: boolean,
) {
  const products = (await deps.repo.reviewProducts(connection.companyId)).filter(
    (p) => p.connectionId === connection.id,
  );
  // A first sync brings years of history: alerts are for what arrives after it.
  const created = backfill ? [] : await deps.repo.insertLowRatingAlerts(createdIds);
  for (const alert of created) {
    deps.events.publish({
      type: 'review-alert.created',
      payload: {
        id: alert.id,
        companyId: alert.companyId,
        reviewId: Number(alert.reviewId),
        productId: products[0]?.id ?? null,
        productSlug: products[0]?.slug ?? null,
        title: alert.title,
        createdAt: alert.createdAt.toISOString(),
      },
      audience: { client: alert.companyId },
    });
  }
  deps.events.publish({
    type: 'review.created',
    payload: {
      companyId: connection.companyId,
      productIds: products.map((p) => p.id),
      count: createdIds.length,
      lowRated: created.length,
    },
    audience: { client: connection.companyId },
  });
}

/** The reviews syncs: one per vendor, the same steps for both (sync-runner.ts does the rest). */
export function createReviewSyncs(deps: ReviewSyncDeps): SyncDefinition<VendorReview>[] {
  return SOURCES.map(({ source, vendor, key, pageSize }) =>
    defineSync<VendorReview>({
      vendor,
      dataset: 'reviews',
      everyMinutes: 15,
      fetchPage: async ({ access, signal }, pageToken) => {
        const page = await deps.providers[key].listReviews(access, { pageToken, pageSize }, signal);
        return { items: page.reviews, nextPageToken: page.nextPageToken };
      },
      changedAt: (review) => review.updatedAt,
      writePage: (tx, connection, items) => deps.repo.upsertPage(tx, connection, source, items),
      afterRun: (connection, createdIds, { backfill }) =>
        announce(deps, connection, createdIds, backfill),
    }),
  );
}

const replyPayload = z.object({ reviewId: z.number().int(), text: z.string() });
const deletePayload = z.object({ reviewId: z.number().int() });

/** Replies and their deletion, as outbox writes: one vendor call each, recorded when sent. */
export function createReviewWrites(deps: ReviewSyncDeps): OutboxWriteDefinition[] {
  const providerOf = (connection: ConnectionRow) => {
    const source = sourceOfVendor(connection.vendor);
    if (!source) throw new Error(`No reviews provider for ${connection.vendor}`);
    return deps.providers[source];
  };
  const target = async (reviewId: number) => {
    const review = await deps.repo.get(reviewId);
    if (!review) throw new Error(`Review ${reviewId} is gone`);
    return { externalId: review.externalId, replyExternalId: review.replyExternalId };
  };
  const onChange = (row: { companyId: number; subjectId: number; status: string }) =>
    deps.events.publish({
      type: 'review.write',
      payload: {
        companyId: row.companyId,
        reviewId: row.subjectId,
        status: row.status as 'pending',
      },
      audience: { client: row.companyId },
    });
  return [
    defineOutboxWrite({
      kind: REVIEW_WRITE_KINDS.reply,
      payload: replyPayload,
      send: async ({ payload, connection, access }) => {
        const reply = await providerOf(connection).putReply(
          access,
          await target(payload.reviewId),
          payload.text,
        );
        return { ...reply, updatedAt: reply.updatedAt.toISOString() };
      },
      applySent: async (tx, _row, payload, result) => {
        const sent = z
          .object({ text: z.string(), updatedAt: z.string(), externalId: z.string().nullable() })
          .parse(result);
        await deps.repo.applyReply(tx, payload.reviewId, {
          ...sent,
          updatedAt: new Date(sent.updatedAt),
        });
      },
      onChange,
    }),
    defineOutboxWrite({
      kind: REVIEW_WRITE_KINDS.deleteReply,
      payload: deletePayload,
      send: async ({ payload, connection, access }) => {
        try {
          await providerOf(connection).deleteReply(access, await target(payload.reviewId));
        } catch (error) {
          // Already gone at the vendor (deleted there, or by an earlier attempt): done.
          if (!(error instanceof VendorError && error.code === 'not_found')) throw error;
        }
        return {};
      },
      applySent: (tx, _row, payload) => deps.repo.applyReply(tx, payload.reviewId, null),
      onChange,
    }),
  ];
}
