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
  /** Ranked actions for a prospect, from its measured gaps (the sales power tool). */
  draftSalesRecommendations(
    input: SalesRecommendationPrompt,
    signal?: AbortSignal,
  ): Promise<DraftedSalesRecommendation[]>;
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

/** What a prospect's recommendations are about (contracts' SALES_RECOMMENDATION_KINDS). */
export type SalesRecommendationKind =
  | 'weak-area'
  | 'competitor'
  | 'listings'
  | 'reviews'
  | 'page-speed'
  | 'keyword';

/** One keyword's grid as measured: counts and areas, never raw result lists. */
export interface SalesGridFacts {
  keyword: string;
  size: number;
  radius: number;
  unit: 'mi' | 'km';
  /** Measured points (found or not found). */
  points: number;
  /** Points where the prospect ranks 1–3, and where it appears at all. */
  top3Points: number;
  foundPoints: number;
  atrp: number | null;
  solv: number | null;
  /** Per compass area ('north', 'south-east', 'centre', …): measured, top-3 and found points. */
  areas: { area: string; points: number; top3: number; found: number }[];
  /** The farthest distance from the centre (in `unit`) of a point where it ranks 1–3. */
  top3Within: number | null;
  /** The businesses ranking 1–3 most often in this grid, with the area they hold best. */
  leaders: { name: string; top3Points: number; strongestArea: string | null }[];
}

/**
 * What a prospect's recommendations are drafted from: its own measured data only (grids,
 * competitors as seen in its results, listings, page speed, reviews summary).
 */
export interface SalesRecommendationPrompt {
  businessName: string;
  category: string | null;
  rating: number | null;
  reviewCount: number | null;
  grids: SalesGridFacts[];
  competitors: {
    name: string;
    top3Points: number;
    points: number;
    averageRank: number | null;
    strongestArea: string | null;
  }[];
  listings: {
    score: number;
    directories: number;
    missing: string[];
    mismatched: { name: string; issues: string[] }[];
  } | null;
  pageSpeed: {
    url: string;
    strategy: 'mobile' | 'desktop';
    performance: number;
    accessibility: number;
    bestPractices: number;
    seo: number;
  } | null;
}

/** A drafted action: what to do, why, and the measured facts it rests on. */
export interface DraftedSalesRecommendation {
  kind: SalesRecommendationKind;
  title: string;
  body: string;
  evidence: string[];
}

/** A draft names at most this many actions: a short list a prospect reads. */
export const MAX_SALES_RECOMMENDATIONS = 8;
