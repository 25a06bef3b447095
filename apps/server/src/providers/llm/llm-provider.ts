/**
 * What a reply draft is written from. Only the data of the company the review is about
 * (DECISIONS, AI drafts): no other client's name, reviews or notes ever go in a prompt.
 */
export interface ReviewReplyPrompt {
  businessName: string;
  reviewerName: string;
  /** 1–5 stars (Google, some Facebook ratings); null when there is none. */
  rating: number | null;
  /** Facebook's recommendation; null for Google. */
  recommendation: 'positive' | 'negative' | null;
  comment: string;
  source: 'google' | 'facebook';
}

/**
 * What an answer to a Business Profile question is drafted from: the question and this
 * business only (DECISIONS, AI drafts).
 */
export interface QaAnswerPrompt {
  businessName: string;
  /** The profile's primary category ("Plumber"), or null when unknown. */
  trade: string | null;
  question: string;
}

/** Writes drafts; a person approves every draft before anything is sent. */
export interface LlmProvider {
  /** 'demo' or the vendor as counted on the status page ('gemini'). */
  readonly name: string;
  readonly mode: 'demo' | 'live';
  draftReviewReply(input: ReviewReplyPrompt, signal?: AbortSignal): Promise<string>;
  draftQaAnswer(input: QaAnswerPrompt, signal?: AbortSignal): Promise<string>;
}

/** A draft longer than this is cut; review replies are short. */
export const MAX_DRAFT_LENGTH = 600;
/** Answers may run to Google's 1,500 characters, but a good one is a few sentences. */
export const MAX_QA_DRAFT_LENGTH = 600;

/** How a review reads, from its stars or, failing those, its recommendation. */
export function reviewMood(input: Pick<ReviewReplyPrompt, 'rating' | 'recommendation'>) {
  if (input.rating !== null) {
    if (input.rating <= 2) return 'negative';
    if (input.rating === 3) return 'neutral';
    return 'positive';
  }
  if (input.recommendation === 'negative') return 'negative';
  if (input.recommendation === 'positive') return 'positive';
  return 'neutral';
}

/** The reviewer's first name, or null for an anonymous or unnamed reviewer. */
export function firstName(reviewerName: string): string | null {
  const name = reviewerName.trim();
  if (!name || /^A (Google|Facebook) user$/i.test(name)) return null;
  const first = name.split(/\s+/)[0] ?? '';
  // 'jdoe1987' is a handle, not a name to address someone by.
  if (!/^\p{L}[\p{L}'-]*$/u.test(first)) return null;
  return first.charAt(0).toUpperCase() + first.slice(1);
}
