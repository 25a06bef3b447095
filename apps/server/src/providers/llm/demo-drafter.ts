import { hash32 } from '../../kernel/demo/random';
import { draftDemoQaAnswer } from './demo-qa-drafter';
import { draftDemoSalesRecommendations } from './demo-sales-drafter';
import {
  firstName,
  type LlmProvider,
  MAX_DRAFT_LENGTH,
  type ReviewReplyPrompt,
  reviewMood,
} from './port';

type Mood = 'positive' | 'neutral' | 'negative';

/**
 * Topics a review may talk about, found by keywords (names would be guesses: a
 * capitalised word is as often a street or a product). Each says, per mood, one sentence
 * that only echoes what the reviewer wrote and promises nothing we cannot know.
 */
const TOPICS: { pattern: RegExp; say: Record<Mood, string> }[] = [
  {
    pattern: /\bon time\b|\bpunctual|\bprompt|\blate\b|\bwait(ed|ing)?\b|\bno[- ]show|\bresched/i,
    say: {
      positive: 'We are glad the timing worked well for you.',
      neutral: 'We hear you on the timing and are looking at how we schedule.',
      negative: 'We are sorry about the wait; your time matters to us.',
    },
  },
  {
    pattern: /\bpric|\bcost|\bquote|\bbill|\bfee|\bcharg|\bexpensive|\bcheap|\bafford/i,
    say: {
      positive: 'We work hard to keep our pricing fair and clear.',
      neutral: 'Thank you for the note on pricing.',
      negative: 'We are sorry the cost was not what you expected.',
    },
  },
  {
    pattern: /\bclean|\btidy|\bmess|\bdebris/i,
    say: {
      positive: 'We are happy you noticed the care we take to leave things clean.',
      neutral: 'Thanks for mentioning the cleanup.',
      negative: 'Leaving a mess is not acceptable, and we are sorry.',
    },
  },
  {
    pattern: /\bfriendl|\bpolite|\bkind\b|\bprofessional|\brude\b|\bcourteous|\bpatient/i,
    say: {
      positive: 'We will pass your kind words on to the team.',
      neutral: 'We will share your feedback with the team.',
      negative: 'That is not how we want anyone to be treated.',
    },
  },
  {
    pattern:
      /\bquality|\bredo|\bredone|\bbroke|\bfix|\bwork(s|ed)? (great|perfectly|fine)|\bthe first time/i,
    say: {
      positive: 'Doing the job right matters to us, so this means a lot.',
      neutral: 'We take the quality of our work seriously.',
      negative: 'We are sorry the work did not hold up as it should.',
    },
  },
  {
    pattern:
      /\bcommunicat|\bcall(ed|s)? back|\breturn(ed)? (my )?calls?|\bupdated|\btext(ed)?\b|\brespon/i,
    say: {
      positive: 'We are glad you felt kept in the loop.',
      neutral: 'Thanks for the feedback on how we keep in touch.',
      negative: 'We are sorry we were hard to reach.',
    },
  },
];

const OPENINGS: Record<Mood, string[]> = {
  positive: [
    'Thank you so much{ name} for the wonderful review!',
    'Thank you{ name}, we really appreciate you taking the time to share this!',
    'Thanks a lot{ name}, reviews like yours make our day!',
  ],
  neutral: [
    'Thank you{ name} for your honest feedback.',
    'Thanks{ name} for taking the time to share your experience.',
  ],
  negative: [
    'We are truly sorry{ name} that your experience fell short.',
    'Thank you{ name} for letting us know, and we apologise for your experience.',
  ],
};
const CLOSINGS: Record<Mood, string[]> = {
  positive: ['We look forward to helping you again.', 'We hope to see you again soon.'],
  neutral: ['We hope to earn a better review next time.', 'We would love the chance to do better.'],
  negative: [
    'Please contact us directly so we can make this right.',
    'Please get in touch with us directly; we would like to put this right.',
  ],
};

function pick<T>(items: readonly T[], seed: number, salt: number): T {
  return items[(seed + salt) % items.length] as T;
}

/**
 * A reply draft from the review alone: deterministic (the same review always gives the
 * same text), addressed by first name, in the review's mood, echoing at most two topics
 * it mentions, signed with the business name, and never longer than MAX_DRAFT_LENGTH.
 */
export function draftDemoReply(input: ReviewReplyPrompt): string {
  const mood: Mood = reviewMood(input);
  const name = firstName(input.reviewerName);
  const seed = hash32(
    `${input.reviewerName}\n${input.comment}\n${input.rating}\n${input.recommendation}`,
  );
  const opening = pick(OPENINGS[mood], seed, 0).replace('{ name}', name ? `, ${name},` : '');
  const topics = TOPICS.filter((topic) => topic.pattern.test(input.comment))
    .slice(0, 2)
    .map((topic) => topic.say[mood]);
  const signature = `- ${input.businessName.trim() || 'The team'}`;
  const parts = [opening.replace(',,', ','), ...topics, pick(CLOSINGS[mood], seed, 1)];
  let text = `${parts.join(' ')}\n${signature}`;
  // Only a very long business name could push it over; the signature is kept, the body cut.
  if (text.length > MAX_DRAFT_LENGTH) {
    const room = Math.max(0, MAX_DRAFT_LENGTH - signature.length - 2);
    text = `${parts.join(' ').slice(0, room).trimEnd()}\n${signature}`.slice(0, MAX_DRAFT_LENGTH);
  }
  return text;
}

export function createDemoDrafter(): LlmProvider {
  return {
    name: 'demo',
    mode: 'demo',
    draftReviewReply: async (input) => draftDemoReply(input),
    draftQaAnswer: async (input) => draftDemoQaAnswer(input),
    draftSalesRecommendations: async (input) => draftDemoSalesRecommendations(input),
  };
}
