import { z } from 'zod';

/**
 * The realtime events of the profile content areas (posts, photos, Q&A). They live apart
 * from those areas' contracts because every signed-in page loads the realtime event table:
 * kept here, the table does not pull the posts, photos and Q&A schemas (and the time-zone
 * library under them) into the first download of every page (scripts/bundle-budget.mjs).
 */

/** Where a post stands (posts.state in the database). */
export const POST_STATES = [
  'draft',
  'awaiting_approval',
  'scheduled',
  'publishing',
  'published',
  'failed',
  'declined',
  'deleted',
] as const;

/** Realtime: a post of the company changed (state, insights, a new synced post). */
export const postChangedEventSchema = z.object({
  companyId: z.number().int(),
  postId: z.number().int().nullable(),
  state: z.enum(POST_STATES).nullable(),
});
export type PostChangedEvent = z.infer<typeof postChangedEventSchema>;

/** Realtime: a photo of the company changed (uploaded, sent, deleted, synced). */
export const photoChangedEventSchema = z.object({
  companyId: z.number().int(),
  photoId: z.number().int().nullable(),
  state: z.string().nullable(),
});
export type PhotoChangedEvent = z.infer<typeof photoChangedEventSchema>;

/** Realtime: a question of the company was recorded, answered, confirmed live or deleted. */
export const qaChangedEventSchema = z.object({
  companyId: z.number().int(),
  questionId: z.number().int().nullable(),
});
export type QaChangedEvent = z.infer<typeof qaChangedEventSchema>;
