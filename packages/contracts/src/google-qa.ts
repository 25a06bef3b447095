import { z } from 'zod';

/**
 * Questions and answers of a client's Google Business Profile (SPEC §7
 * `/api/uni/products/googleqa/{productId}`). Google retired the Business Profile Q&A API on
 * 3 November 2025, so Q&A lives in our database only: the demo history, questions the agency
 * records from the profile, and answers written here, which the agency publishes on the
 * profile by hand and marks live once it has (DECISIONS.md "Vendor data").
 *
 * The realtime event `qa.changed` is in ./profile-content-events, not here: every signed-in
 * page loads the event table, and these schemas need not come with it.
 */

/** Google's limits for a question and for an answer on the profile. */
export const QA_QUESTION_MAX_CHARS = 300;
export const QA_ANSWER_MAX_CHARS = 1500;
/** A name as the profile shows it ("Jessica M."). */
export const QA_AUTHOR_MAX_CHARS = 80;
/** Q&A began on Google Maps in 2017; an earlier date is a typing mistake. */
export const QA_EARLIEST_DAY = '2017-01-01';

export const QA_ANSWER_STATES = ['none', 'to_publish', 'live'] as const;
export const qaAnswerStateSchema = z.enum(QA_ANSWER_STATES);
export type QaAnswerState = z.infer<typeof qaAnswerStateSchema>;
export const QA_ANSWER_STATE_LABELS: Record<QaAnswerState, string> = {
  none: 'Unanswered',
  to_publish: 'To publish on Google',
  live: 'Live on Google',
};

/** The list's filter: every question, or those of one answer state. */
export const QA_FILTERS = ['all', 'unanswered', 'to_publish', 'live'] as const;
export const qaFilterSchema = z.enum(QA_FILTERS);
export type QaFilter = z.infer<typeof qaFilterSchema>;
export const QA_FILTER_LABELS: Record<QaFilter, string> = {
  all: 'All',
  unanswered: 'Unanswered',
  to_publish: 'To publish on Google',
  live: 'Live on Google',
};
/** The answer state each filter selects (null: every state). */
export const QA_FILTER_STATE: Record<QaFilter, QaAnswerState | null> = {
  all: null,
  unanswered: 'none',
  to_publish: 'to_publish',
  live: 'live',
};

export const qaParamsSchema = z.object({
  productId: z.coerce.number().int().positive(),
});
export const qaQuestionParamsSchema = qaParamsSchema.extend({
  questionId: z.coerce.number().int().positive(),
});

export const QA_PAGE_SIZE_MAX = 100;
export const qaListQuerySchema = z.object({
  state: qaFilterSchema.default('all'),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QA_PAGE_SIZE_MAX).default(20),
});
export type QaListQuery = z.input<typeof qaListQuerySchema>;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `yyyy-MM-dd` names a real day (no 2025-02-30), without a date library. */
function isRealDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

/**
 * Not after today anywhere on Earth: the browser's "today" may be a day ahead of UTC's, so
 * one day of room; a question asked tomorrow is still refused.
 */
function notInFuture(value: string): boolean {
  return Date.parse(`${value}T00:00:00Z`) <= Date.now() + 86_400_000;
}

/**
 * `POST …/googleqa/{productId}` (staff): a question the agency saw on the profile, recorded
 * here so it can be answered. `askedOn` is the day Google shows for it, as yyyy-MM-dd.
 */
export const qaRecordInputSchema = z.object({
  authorName: z
    .string({ error: 'Give the name the profile shows for the person who asked.' })
    .trim()
    .min(1, 'Give the name the profile shows for the person who asked.')
    .max(QA_AUTHOR_MAX_CHARS, `Keep the name under ${QA_AUTHOR_MAX_CHARS} characters.`),
  text: z
    .string({ error: 'Copy the question as it reads on the profile.' })
    .trim()
    .min(1, 'Copy the question as it reads on the profile.')
    .max(
      QA_QUESTION_MAX_CHARS,
      `A question on Google is at most ${QA_QUESTION_MAX_CHARS} characters; check the text.`,
    ),
  askedOn: z
    .string({ error: 'Give the day the question was asked (YYYY-MM-DD).' })
    .refine(isRealDay, 'Use a real date written as YYYY-MM-DD.')
    .refine((day) => !isRealDay(day) || notInFuture(day), 'The day cannot be in the future.')
    .refine(
      (day) => !isRealDay(day) || day >= QA_EARLIEST_DAY,
      'Questions on Google began in 2017; check the date.',
    ),
});
export type QaRecordInput = z.input<typeof qaRecordInputSchema>;

/** `POST …/{questionId}/answer`: write or edit the answer; it then waits to be published. */
export const qaAnswerInputSchema = z.object({
  text: z
    .string({ error: 'Write an answer first.' })
    .trim()
    .min(1, 'Write an answer first.')
    .max(
      QA_ANSWER_MAX_CHARS,
      `Google allows at most ${QA_ANSWER_MAX_CHARS.toLocaleString('en-US')} characters in an answer.`,
    ),
});
export type QaAnswerInput = z.input<typeof qaAnswerInputSchema>;

/**
 * `POST …/{questionId}/confirm` (staff): the answer is live on Google. `answeredAt` is the
 * version the person published, as the list gave it: if the answer was edited since, the
 * confirmation is refused (409) rather than marking unpublished text as live.
 */
export const qaConfirmInputSchema = z.object({
  answeredAt: z.iso.datetime({ offset: true, error: 'Reload the question and confirm again.' }),
});
export type QaConfirmInput = z.input<typeof qaConfirmInputSchema>;

export const qaQuestionSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  text: z.string(),
  askedAt: z.string(),
  upvotes: z.number().int(),
  /** 'demo': the demo history; 'recorded': staff copied it from the profile. */
  origin: z.enum(['demo', 'recorded']),
  recordedBy: z.string().nullable(),
  answerText: z.string().nullable(),
  answerState: qaAnswerStateSchema,
  answeredBy: z.string().nullable(),
  answeredAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type QaQuestion = z.infer<typeof qaQuestionSchema>;

export const qaListSchema = z.object({
  items: z.array(qaQuestionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Counts per filter over the product's whole Q&A (not narrowed by `q`). */
  counts: z.object({
    all: z.number().int(),
    unanswered: z.number().int(),
    to_publish: z.number().int(),
    live: z.number().int(),
  }),
  /** The business as the drafts and the page name it. */
  businessName: z.string(),
  /** Whether a Business Profile location is connected; without one nothing can be recorded. */
  connected: z.boolean(),
  /** Whether the caller is staff: records questions, confirms answers live, deletes. */
  staff: z.boolean(),
});
export type QaList = z.infer<typeof qaListSchema>;

/** `POST …/{questionId}/draft`: an AI suggestion; nothing is saved or sent. */
export const qaDraftSchema = z.object({ text: z.string(), provider: z.string() });
export type QaDraft = z.infer<typeof qaDraftSchema>;

/** `POST …/{questionId}/delete` (staff): a wrongly recorded question is removed. */
export const qaDeleteResultSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
