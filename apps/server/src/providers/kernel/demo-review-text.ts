import type { Random } from '../../kernel/demo/random';

/**
 * The words of the demo reviews (Google and Facebook): reviewer names, comments in
 * several lengths and moods, owner replies. Everything is drawn from the Random it is
 * given, so one seed always writes the same reviews.
 */
export type DemoMood = 'great' | 'good' | 'mixed' | 'poor' | 'bad';

/** What a demo adapter may know of the business, to make its reviews fit. */
export interface DemoBusinessHint {
  businessName?: string | null;
  /** A trade or category: 'plumber', 'dentist', 'HVAC' … */
  trade?: string | null;
  /** The business's own number (E.164): demo customers' numbers share its area. */
  phone?: string | null;
}

export const FIRST = (
  'James Maria Robert Linda Michael Jennifer David Patricia Chris Angela Daniel Nicole ' +
  'Kevin Rachel Brian Lauren Jason Megan Eric Stephanie Anthony Tiffany Mark Ashley ' +
  'Steven Heather Jose Amanda Tyler Brittany Greg Olivia Raj Mei Hassan Sofia Andre ' +
  'Keisha Tom Diane'
).split(' ');
export const LAST = (
  'Johnson Garcia Smith Nguyen Brown Martinez Davis Lopez Wilson Anderson Thomas Taylor ' +
  'Moore Jackson Lee Harris Clark Lewis Walker Hall Young King Wright Patel Kim Rivera ' +
  'Campbell Mitchell Roberts Carter Phillips Evans Turner Torres Parker Collins Edwards ' +
  'Stewart Morris Murphy'
).split(' ');
const STAFF = 'Mike Sarah Carlos Jenna Tony Priya Dave Alicia Marcus Emily Luis Kate'.split(' ');

const SERVICES: [RegExp, string[]][] = [
  [/plumb/i, ['the leak repair', 'the water heater install', 'the drain cleaning']],
  [/electric/i, ['the panel upgrade', 'the rewiring', 'the new light fixtures']],
  [/hvac|heat|air|cool/i, ['the AC repair', 'the furnace tune-up', 'the new unit']],
  [/roof/i, ['the roof repair', 'the new roof', 'the gutter work']],
  [/dent/i, ['my cleaning', 'the filling', 'the crown']],
  [/clean|maid/i, ['the deep clean', 'the move-out clean', 'the weekly clean']],
  [/lawn|landscap|garden/i, ['the yard cleanup', 'the new sod', 'the weekly mowing']],
  [/auto|car|mechanic/i, ['the brake job', 'the oil change', 'the diagnostics']],
];
const GENERIC_SERVICES = ['the job', 'the work', 'the repair'];

type Topic = 'staff' | 'punctuality' | 'price' | 'quality' | 'communication' | 'clean';
const TOPICS: Topic[] = ['staff', 'punctuality', 'price', 'quality', 'communication', 'clean'];

const GOOD: Record<Topic, string[]> = {
  staff: [
    '{staff} was fantastic: friendly, patient and clearly knew the trade.',
    '{staff} explained everything before starting.',
    'Ask for {staff}, you will not regret it.',
  ],
  punctuality: [
    'They showed up right on time.',
    'Arrived early and finished ahead of schedule.',
    'Came out the same day I called.',
  ],
  price: [
    'The price was fair and exactly what they quoted.',
    'Reasonable rates and no surprise fees.',
    'Not the cheapest, but worth every penny.',
  ],
  quality: [
    '{Service} was done right the first time.',
    'Really high quality work.',
    'Everything works perfectly now.',
  ],
  communication: [
    'Great communication from start to finish.',
    'They texted before arriving and kept me updated.',
  ],
  clean: ['Left the place cleaner than they found it.', 'Very tidy, even wore shoe covers.'],
};
const BAD: Record<Topic, string[]> = {
  staff: ['{staff} seemed rushed and did not listen.', 'The person on the phone was rude.'],
  punctuality: [
    'They were two hours late and did not call.',
    'Had to reschedule twice.',
    'Waited all morning for a no-show.',
  ],
  price: [
    'The final bill was way more than the quote.',
    'Overpriced for what they did.',
    'Charged a fee nobody mentioned.',
  ],
  quality: ['{Service} had to be redone a week later.', 'The problem came back within days.'],
  communication: ['Nobody returned my calls.', 'Hard to get a straight answer about anything.'],
  clean: ['Left a mess behind.', 'Dust and debris everywhere when they left.'],
};
const OPENERS: Record<DemoMood, string[]> = {
  great: ['Absolutely fantastic experience!', 'Highly recommend!', 'Five stars, no question.'],
  good: ['Good experience overall.', 'Solid work.', 'Pretty happy with how it went.'],
  mixed: ['Mixed feelings.', 'It was okay.', 'Decent, but room for improvement.'],
  poor: ['Disappointed.', 'Not great this time.', 'Expected better.'],
  bad: ['Terrible experience.', 'Would not recommend.', 'Avoid.'],
};
const CLOSERS: Record<DemoMood, string[]> = {
  great: [
    'Will definitely use them again.',
    'Already recommended them to my neighbors.',
    'Thank you!',
  ],
  good: ['Would use again.', 'Thanks!'],
  mixed: ['Might give them another try.', 'Hoping next time is better.'],
  poor: ['Probably will not be back.', 'Hope they fix this.'],
  bad: ['Save yourself the headache.', 'Still waiting on a refund.'],
};
const ONE_LINERS: Record<DemoMood, string[]> = {
  great: [
    'Great service!',
    'Fast, friendly and fair.',
    'Super professional, highly recommend.',
    'These guys are the best in town.',
    'Could not be happier!',
    'Honest people doing honest work.',
  ],
  good: [
    'Good job, fair price.',
    'Did what they said they would.',
    'Reliable and easy to book.',
    'Nice folks, good work.',
  ],
  mixed: [
    'Okay service, a bit pricey.',
    'Fine work, slow to schedule.',
    'Work was good, the office less so.',
  ],
  poor: ['Showed up late, work was fine.', 'Meh.', 'Took three visits to get it right.'],
  bad: ['Never showed up.', 'Worst service I have had.', 'Charged me and did not fix anything.'],
};
const REPLIES: Record<'thanks' | 'neutral' | 'sorry', string[]> = {
  thanks: [
    'Thank you so much{, name}! We are thrilled you had a great experience.',
    'Thanks for the kind words{, name}! It means a lot to our team.',
    'We appreciate you taking the time to leave a review{, name}. See you next time!',
    'Glad we could help{, name}. Thanks for choosing us!',
  ],
  neutral: [
    'Thanks for the honest feedback{, name}. We are always working to improve.',
    'We appreciate you sharing this{, name}, and we will pass it on to the team.',
  ],
  sorry: [
    'We are sorry to hear this{, name}. Please call our office so we can make it right.',
    'This is not the experience we want for anyone{, name}. Please reach out to us directly.',
    'Thank you for letting us know{, name}. A manager would like to talk with you; please contact us.',
  ],
};

export function demoReviewerName(random: Random): string {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const style = random.float();
  if (style < 0.72) return `${first} ${last}`;
  if (style < 0.88) return `${first} ${last[0]}.`;
  if (style < 0.96) return first;
  return `${first.toLowerCase()}${last.toLowerCase()}`;
}

/** A business's staff: the same few names come back in its reviews. */
export function demoStaff(random: Random): string[] {
  return random.sample(STAFF, 3);
}

export function demoServices(hint: DemoBusinessHint | null | undefined): string[] {
  const trade = hint?.trade ?? '';
  return SERVICES.find(([pattern]) => pattern.test(trade))?.[1] ?? GENERIC_SERVICES;
}

function fill(template: string, staff: string[], services: string[], random: Random): string {
  const service = random.pick(services);
  return template
    .replace('{staff}', random.pick(staff))
    .replace('{Service}', service.charAt(0).toUpperCase() + service.slice(1));
}

/**
 * A comment for this mood: empty (when allowed), a one-liner, a few sentences or a
 * longer story, each sentence about one topic (staff, punctuality, price …).
 */
export function demoComment(
  random: Random,
  mood: DemoMood,
  context: { staff: string[]; services: string[]; allowEmpty: boolean },
): string {
  const length = random.float();
  if (context.allowEmpty && length < 0.1) return '';
  if (length < 0.45) {
    // A short review is a stock phrase, a bare verdict, or one remark about one topic.
    const kind = random.float();
    if (kind < 0.45) return random.pick(ONE_LINERS[mood]);
    if (kind < 0.7) return random.pick(OPENERS[mood]);
    const good = mood === 'great' || mood === 'good';
    const pool = (good ? GOOD : BAD)[random.pick(TOPICS)];
    return fill(random.pick(pool), context.staff, context.services, random);
  }
  const long = length >= 0.85;
  const topics = random.sample(TOPICS, long ? random.int(3, 4) : random.int(1, 2));
  const sentences = topics.map((topic, i) => {
    // A mixed review praises one thing and faults another; a poor one finds one good word.
    const positive =
      mood === 'great' ||
      mood === 'good' ||
      (mood === 'mixed' && i % 2 === 0) ||
      (mood === 'poor' && i === 0 && topics.length > 1);
    const pool = positive ? GOOD[topic] : BAD[topic];
    return fill(random.pick(pool), context.staff, context.services, random);
  });
  const parts = [random.pick(OPENERS[mood]), ...sentences];
  if (long || random.chance(0.3)) parts.push(random.pick(CLOSERS[mood]));
  return parts.join(' ');
}

/** A short, polite owner reply for this mood, addressed by first name when there is one. */
export function demoOwnerReply(
  random: Random,
  mood: DemoMood,
  reviewerName: string,
  hint: DemoBusinessHint | null | undefined,
): string {
  const tone =
    mood === 'great' || mood === 'good' ? 'thanks' : mood === 'mixed' ? 'neutral' : 'sorry';
  // Addressed by first name, not by a handle such as 'laurencarter' or 'A Google user'.
  const first =
    /^\p{Lu}/u.test(reviewerName) && !/^A (Google|Facebook) user$/.test(reviewerName)
      ? (reviewerName.split(' ')[0] ?? '')
      : '';
  const text = random.pick(REPLIES[tone]).replace('{, name}', first ? `, ${first}` : '');
  const business = hint?.businessName?.trim();
  return business && random.chance(0.5) ? `${text} - ${business}` : text;
}
