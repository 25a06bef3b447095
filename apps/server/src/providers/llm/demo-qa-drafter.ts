import { hash32 } from '../../kernel/demo/random';
import { MAX_QA_DRAFT_LENGTH, type QaAnswerPrompt } from './port';

/**
 * What a question may be about, found by keywords. Each topic answers in the owner's voice
 * without a single fact the demo cannot know (no hours, prices, brands or areas): it points
 * to where the real answer is (the profile's hours, a call) and invites the asker to get in
 * touch. Several wordings per topic, picked by the question's hash, so answers vary.
 */
const TOPICS: { pattern: RegExp; say: string[] }[] = [
  {
    pattern:
      /\bhours?\b|\bopen\b|\bclose[ds]?\b|\bweekends?\b|\bsaturdays?\b|\bsundays?\b|\bholidays?\b|\bevenings?\b/i,
    say: [
      'Our current hours, including weekends and holidays, are kept up to date on this profile.',
      'The hours on this profile are current; if you need a time outside them, call us and we will do our best to fit you in.',
    ],
  },
  {
    pattern: /\bemergenc|\b24\/7\b|\b24 hours\b|\bsame[- ]day\b|\bafter[- ]hours\b|\burgent/i,
    say: [
      'For anything urgent, please call us directly so we can tell you how soon we can help.',
      'If it cannot wait, call us: we will tell you right away when we can be there.',
    ],
  },
  {
    pattern:
      /\bprice|\bcost|\bhow much\b|\bquote|\bestimate|\bfee|\bcharge|\bexpensive|\bcheap|\bafford/i,
    say: [
      'Every job is a little different, so we are happy to give you a clear quote before any work starts.',
      'We give an upfront price once we know what you need; reach out and we will walk you through it.',
    ],
  },
  {
    pattern: /\binsurance|\binsured\b|\bmedicaid|\bmedicare|\bin[- ]network|\bppo\b|\bhmo\b/i,
    say: [
      'Coverage depends on your plan, so the quickest way to know is to call us with your insurance details.',
      'Send us or tell us your plan details and we will check your coverage before your visit.',
    ],
  },
  {
    pattern:
      /\bpay(ment)?s?\b|\bcredit cards?\b|\bfinanc|\bcash\b|\bchecks?\b|\bapple pay\b|\bpayment plan/i,
    say: [
      'Please ask us about payment options when you call; we will explain what we accept before any work begins.',
    ],
  },
  {
    pattern:
      /\bappointments?\b|\bbook(ing)?\b|\bschedul|\bwalk[- ]?ins?\b|\bconsult|\bavailab|\bhow soon\b|\bwait(ing)? (time|list)/i,
    say: [
      'You can call us or use the booking link on this profile, and we will find a time that works for you.',
      'The easiest way to get on the schedule is to give us a call; we will find a time that suits you.',
    ],
  },
  {
    pattern:
      /\bserve\b|\bservice area|\bcome (out )?to\b|\btravel\b|\bnear\b|\barea\b|\bzip\b|\bcounty\b|\bdeliver/i,
    say: [
      'Call us with your address and we will confirm right away whether you are in our service area.',
    ],
  },
  {
    pattern: /\bwarrant|\bguarantee|\bbonded\b|\blicensed?\b|\bcertified\b|\bcertification/i,
    say: [
      'We are glad to go over our credentials and what our work is covered by; just ask when you call.',
    ],
  },
  {
    pattern: /\bparking\b|\bpark\b|\bwheelchair|\baccessib|\bentrance\b|\belevator/i,
    say: [
      'Our accessibility and parking details are on this profile; call ahead if you need anything arranged for your visit.',
    ],
  },
  {
    pattern: /\bspanish\b|\bespañol\b|\blanguages?\b|\btranslat|\binterpret/i,
    say: ['Call us and let us know which language you prefer, and we will do our best to help.'],
  },
];

const OPENINGS = [
  'Thanks for your question!',
  'Great question, thanks for asking!',
  'Thank you for asking!',
];
const GENERAL = [
  'The best way to get an answer that fits your situation is to give us a call; we are happy to help.',
  'Reach out to us directly and we will gladly answer that for you.',
];
const CLOSINGS = ['We look forward to helping you.', 'We hope to hear from you soon.'];

function pick(items: readonly string[], seed: number, salt: number): string {
  return items[(seed + salt) % items.length] as string;
}

/**
 * An answer draft from the question alone: deterministic (the same question gives the same
 * text), answering at most two topics it asks about, signed with the business name, never
 * longer than MAX_QA_DRAFT_LENGTH, and inventing nothing.
 */
export function draftDemoQaAnswer(input: QaAnswerPrompt): string {
  const seed = hash32(`${input.businessName}\n${input.question}`);
  const topics = TOPICS.filter((topic) => topic.pattern.test(input.question))
    .slice(0, 2)
    .map((topic, i) => pick(topic.say, seed, i + 1));
  const signature = `- ${input.businessName.trim() || 'The team'}`;
  const parts = [
    pick(OPENINGS, seed, 0),
    ...(topics.length > 0 ? topics : [pick(GENERAL, seed, 3)]),
    pick(CLOSINGS, seed, 4),
  ];
  const body = parts.join(' ');
  const room = Math.max(0, MAX_QA_DRAFT_LENGTH - signature.length - 1);
  // Only a very long business name could push it over; the signature is kept, the body cut.
  return `${body.length > room ? body.slice(0, room).trimEnd() : body}\n${signature}`.slice(
    0,
    MAX_QA_DRAFT_LENGTH,
  );
}
