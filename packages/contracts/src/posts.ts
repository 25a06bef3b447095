import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { timeZoneSchema } from './date-ranges';
import { POST_STATES } from './profile-content-events';
import { outboxStatusSchema, vendorConnectionSchema } from './vendor-connections';

/**
 * Posts on a client's Google Business Profile (local posts) and Facebook page (the feed).
 * SPEC §7: `/api/uni/products/socialposts/{productId}` for the Google products and
 * `/api/uni/products/socialposts/facebook/{productId}` for Facebook Pro; the same shapes.
 */
export const POST_SOURCES = ['google', 'facebook'] as const;
export const postSourceSchema = z.enum(POST_SOURCES);
export type PostSource = z.infer<typeof postSourceSchema>;

/** Google's topicType (Facebook posts are STANDARD). */
export const POST_TOPICS = ['STANDARD', 'EVENT', 'OFFER'] as const;
export const postTopicSchema = z.enum(POST_TOPICS);
export type PostTopic = z.infer<typeof postTopicSchema>;
export const POST_TOPIC_LABELS: Record<PostTopic, string> = {
  STANDARD: 'Update',
  EVENT: 'Event',
  OFFER: 'Offer',
};

/** Google's callToAction.actionType; CALL takes no URL (it calls the profile's phone). */
export const POST_CTA_TYPES = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL'] as const;
export const postCtaTypeSchema = z.enum(POST_CTA_TYPES);
export type PostCtaType = z.infer<typeof postCtaTypeSchema>;
export const POST_CTA_LABELS: Record<PostCtaType, string> = {
  BOOK: 'Book',
  ORDER: 'Order online',
  SHOP: 'Buy',
  LEARN_MORE: 'Learn more',
  SIGN_UP: 'Sign up',
  CALL: 'Call now',
};

export const postStateSchema = z.enum(POST_STATES);
export type PostState = z.infer<typeof postStateSchema>;
export const POST_STATE_LABELS: Record<PostState, string> = {
  draft: 'Draft',
  awaiting_approval: 'Awaiting approval',
  scheduled: 'Scheduled',
  publishing: 'Publishing…',
  published: 'Published',
  failed: 'Failed',
  declined: 'Declined',
  deleted: 'Deleted',
};

/** The vendors' limits, as they document them (Google: summary 1,500, event title 58). */
export const POST_LIMITS = {
  google: { summary: 1500, eventTitle: 58, couponCode: 58, terms: 5000 },
  facebook: { summary: 63_206, eventTitle: 0, couponCode: 0, terms: 0 },
} as const;

/** A local date-time in the company's time zone, as a form gives it: 2026-11-23T14:30[:ss]. */
export const localDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'Use a date and time (YYYY-MM-DDTHH:mm).');

export const postParamsSchema = z.object({
  productId: z.coerce.number().int().positive(),
  postId: z.coerce.number().int().positive(),
});
export const companyPostsParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const POSTS_PAGE_SIZE_MAX = 100;
export const postListQuerySchema = z.object({
  /** A comma list of states. */
  state: z
    .string()
    .regex(/^[a-z_]+(,[a-z_]+)*$/, 'States are separated by commas.')
    .optional(),
  topic: postTopicSchema.optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(POSTS_PAGE_SIZE_MAX).default(20),
});
export type PostListQuery = z.input<typeof postListQuerySchema>;

/**
 * Create or edit. `action`: save as a draft, publish now, or schedule for `scheduledFor`
 * (a local time in the company's zone, in the future). Source-specific limits and the CTA's
 * URL are checked by the server against POST_LIMITS; a field error names its field.
 */
export const postInputSchema = z.object({
  topicType: postTopicSchema.default('STANDARD'),
  summary: z.string().trim().max(63_206),
  ctaType: postCtaTypeSchema.nullable().default(null),
  ctaUrl: z.string().trim().max(2000).nullable().default(null),
  event: z
    .object({
      title: z.string().trim().min(1, 'Give the event a title.').max(200),
      start: localDateTimeSchema,
      end: localDateTimeSchema,
    })
    .nullable()
    .default(null),
  offer: z
    .object({
      couponCode: z.string().trim().max(200).default(''),
      redeemUrl: z.string().trim().max(2000).default(''),
      terms: z.string().trim().max(5000).default(''),
    })
    .nullable()
    .default(null),
  /** An uploaded image (`stored_images`), or a profile photo's vendor URL (https). */
  imageId: z.number().int().positive().nullable().default(null),
  mediaUrl: z.string().url().max(2000).nullable().default(null),
  action: z.enum(['draft', 'publish', 'schedule']),
  scheduledFor: localDateTimeSchema.nullable().default(null),
  /** One key per compose session: a resent request is the same post. */
  idempotencyKey: z.string().min(8).max(100),
});
export type PostInput = z.input<typeof postInputSchema>;

/** One vendor write of a post (publish, delete): its outbox row. */
export const postWriteSchema = z.object({
  id: z.number().int(),
  action: z.enum(['publish', 'delete']),
  status: outboxStatusSchema,
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  sendAfter: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type PostWrite = z.infer<typeof postWriteSchema>;

export const postSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productSlug: z.string(),
  source: postSourceSchema,
  topicType: postTopicSchema,
  summary: z.string(),
  ctaType: postCtaTypeSchema.nullable(),
  ctaUrl: z.string().nullable(),
  /** Event/offer dates as local date-times in the company's zone (form values). */
  event: z.object({ title: z.string(), start: z.string(), end: z.string() }).nullable(),
  offer: z.object({ couponCode: z.string(), redeemUrl: z.string(), terms: z.string() }).nullable(),
  imageId: z.number().int().nullable(),
  /** What the browser shows: our image's URL, or the vendor's through the image proxy. */
  imageUrl: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  state: postStateSchema,
  /** ISO instant, and the same as a local date-time in the company's zone. */
  scheduledFor: z.string().nullable(),
  scheduledForLocal: z.string().nullable(),
  publishedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  declineComment: z.string().nullable(),
  searchUrl: z.string().nullable(),
  views: z.number().int().nullable(),
  clicks: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether this user may edit it now (its state, and the scheduled time's margin). */
  editable: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

export const postListSchema = z.object({
  items: z.array(postSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Counts by state for the filter chips, over the whole scope. */
  stateCounts: z.record(z.string(), z.number().int()),
  timeZone: timeZoneSchema,
  approvalRequired: z.boolean(),
  connections: z.array(vendorConnectionSchema),
});
export type PostList = z.infer<typeof postListSchema>;

export const postDetailSchema = z.object({
  post: postSchema,
  writes: z.array(postWriteSchema),
  timeZone: timeZoneSchema,
});
export type PostDetail = z.infer<typeof postDetailSchema>;

/** `POST …/socialposts/{productId}/{postId}/delete` (and the Facebook variant). */
export const postDeleteInputSchema = z.object({
  idempotencyKey: z.string().min(8).max(100),
});
export type PostDeleteInput = z.input<typeof postDeleteInputSchema>;

/** `…/socialposts/{productId}` and `…/socialposts/facebook/{productId}`. */
export const productPostsParamsSchema = z.object({
  productId: z.coerce.number().int().positive(),
});

/**
 * A scheduled post goes out at least this long after it is saved (the job queue publishes
 * it then) and at most POST_SCHEDULE_MAX_DAYS ahead.
 */
export const POST_SCHEDULE_MIN_LEAD_SECONDS = 10;
export const POST_SCHEDULE_MAX_DAYS = 365;

/** Where a local date-time of the form (`2026-11-23T14:30`) falls, in `timeZone`. */
export function localDateTimeToInstant(local: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) return new Date(Number.NaN);
  const [, y, mo, d, h, mi, s] = match.map((part) => Number(part ?? 0));
  return new Date(
    new TZDate(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0, timeZone).getTime(),
  );
}

/** An instant as the form's local date-time in `timeZone` (minutes; seconds dropped). */
export function instantToLocalDateTime(instant: Date | string, timeZone: string): string {
  const at = new TZDate(new Date(instant).getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(
    at.getHours(),
  )}:${two(at.getMinutes())}`;
}

const isLocalDateTime = (value: string) => localDateTimeSchema.safeParse(value).success;

const httpUrlSchema = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });
const httpsUrlSchema = z.url({ protocol: /^https$/, hostname: z.regexes.domain });

/** An absolute http(s) address with a real host name, as Google asks for a button's link. */
export function isHttpUrl(value: string, httpsOnly = false): boolean {
  return (httpsOnly ? httpsUrlSchema : httpUrlSchema).safeParse(value).success;
}

type PostFields = Pick<
  z.output<typeof postInputSchema>,
  'topicType' | 'summary' | 'ctaType' | 'ctaUrl' | 'event' | 'offer' | 'imageId' | 'mediaUrl'
>;

/**
 * What the vendor would refuse in a post, field by field (paths as in the body: `summary`,
 * `event.title`…): Google's limits and rules for local posts, Facebook's for a page post.
 * The form shows these as you type; the server refuses the same with 400. Schedule times
 * are checked by the server (it knows the company's zone and the clock).
 */
export function postInputProblems(
  source: PostSource,
  input: PostFields,
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  const limits = POST_LIMITS[source];
  const vendor = source === 'google' ? 'Google' : 'Facebook';
  if (!input.summary.trim()) add('summary', 'Write the text of the post.');
  else if (input.summary.length > limits.summary) {
    add('summary', `${vendor} takes at most ${limits.summary.toLocaleString('en-US')} characters.`);
  }
  if (input.imageId !== null && input.mediaUrl !== null) {
    add('mediaUrl', 'Choose one image: an upload or a photo of the profile.');
  }
  if (input.mediaUrl !== null && !isHttpUrl(input.mediaUrl, true)) {
    add('mediaUrl', 'The image must be an https address.');
  }
  if (source === 'facebook') {
    if (input.topicType !== 'STANDARD') add('topicType', 'Facebook posts are plain updates.');
    if (input.ctaType !== null) add('ctaType', 'Facebook posts have no button; add a link.');
    if (input.ctaUrl && !isHttpUrl(input.ctaUrl)) add('ctaUrl', 'Use a full http(s) address.');
    if (input.event !== null) add('event', 'Facebook posts have no event dates.');
    if (input.offer !== null) add('offer', 'Facebook posts have no offer details.');
    return problems;
  }
  if (input.ctaType === 'CALL') {
    if (input.ctaUrl) add('ctaUrl', 'A "Call now" button calls the profile’s phone: no link.');
  } else if (input.ctaType !== null) {
    if (!input.ctaUrl) add('ctaUrl', 'Give the address the button opens.');
    else if (!isHttpUrl(input.ctaUrl)) add('ctaUrl', 'Use a full http(s) address.');
  } else if (input.ctaUrl) {
    add('ctaType', 'Choose the button the link goes with.');
  }
  const dated = input.topicType === 'EVENT' || input.topicType === 'OFFER';
  if (dated) {
    const what = input.topicType === 'EVENT' ? 'event' : 'offer';
    if (input.event === null) {
      add('event', `Give the ${what} a title, a start and an end.`);
    } else {
      const { title, start, end } = input.event;
      if (!title.trim()) add('event.title', `Give the ${what} a title.`);
      else if (title.length > limits.eventTitle) {
        add('event.title', `${vendor} takes at most ${limits.eventTitle} characters.`);
      }
      if (!isLocalDateTime(start)) add('event.start', 'Use a date and time.');
      if (!isLocalDateTime(end)) add('event.end', 'Use a date and time.');
      else if (isLocalDateTime(start) && end <= start) {
        add('event.end', 'The end must be after the start.');
      }
    }
  } else if (input.event !== null) {
    add('event', 'Only events and offers have dates.');
  }
  if (input.topicType === 'OFFER' && input.offer) {
    const { couponCode, redeemUrl, terms } = input.offer;
    if (couponCode.length > limits.couponCode) {
      add('offer.couponCode', `${vendor} takes at most ${limits.couponCode} characters.`);
    }
    if (redeemUrl && !isHttpUrl(redeemUrl)) add('offer.redeemUrl', 'Use a full http(s) address.');
    if (terms.length > limits.terms) {
      add('offer.terms', `${vendor} takes at most ${limits.terms} characters.`);
    }
  } else if (input.offer !== null && input.topicType !== 'OFFER') {
    add('offer', 'Only offers have a coupon, a link and terms.');
  }
  return problems;
}
