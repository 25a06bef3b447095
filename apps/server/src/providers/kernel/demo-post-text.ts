import type { Random } from '../../kernel/demo/random';
import { type DemoBusinessHint, demoServices, demoStaff } from './demo-review-text';
import type { VendorPostTopic } from './posts-port';

/** The words of one demo post; the adapters add ids, times, state and insights. */
export interface DemoPostContent {
  topicType: VendorPostTopic;
  summary: string;
  ctaType: string | null;
  ctaUrl: string | null;
  event: { title: string; start: string; end: string } | null;
  offer: { couponCode?: string; redeemUrl?: string; terms?: string } | null;
}

const UPDATES = [
  '{Service} season is here. {business} still has openings this week: book early to get the time that suits you.',
  'Meet the team: {staff} has been with {business} for years and knows {service} inside out.',
  'Tip of the week: a quick check on your {service} now can save you a costly repair later.',
  'Thank you to everyone who trusted {business} this month. We are proud to serve the neighborhood.',
  'We are open on Saturdays now. Stop by or call to schedule your {service}.',
  'Before and after: a {service} job the team finished this week. Questions? We are happy to help.',
  'Did you know? Most {service} problems give a warning first. Call {business} at the first sign.',
  'A big welcome to {staff}, the newest member of the {business} team!',
];
const FACEBOOK = [
  'Happy Friday from all of us at {business}! Thanks for a great week.',
  'Another happy customer today. {Service} done right, on time and on budget.',
  '{staff} put together a few tips on {service}. Save this post for later!',
  'We are hiring! {business} is looking for friendly people who love {service}.',
  'Rainy weekend ahead: a good time to think about {service}. Send us a message with questions.',
  'Shout-out to our neighbors for the warm welcome at this weekend’s market.',
  'Behind the scenes at {business}: how we get ready for a busy {service} season.',
  'Your questions answered: how often should you plan {service}? Read on.',
];
const EVENTS = [
  [
    'Open house at {business}',
    'Come meet the team, see how we work and ask us anything about {service}.',
  ],
  [
    'Free {service} workshop',
    'An hour of practical tips from {staff}. Free, with coffee. Bring your questions.',
  ],
  [
    'Customer appreciation day',
    'Our way of saying thank you: refreshments, giveaways and the whole team on hand.',
  ],
  ['Community day', '{business} joins the neighborhood fair. Find our table and say hello!'],
] as const;
const OFFERS = [
  [
    '$25 off {service}',
    'Save $25 on {service} this month. Mention this post when you book.',
    'SAVE25',
  ],
  [
    '15% off your first visit',
    'New to {business}? Take 15% off your first {service}.',
    'WELCOME15',
  ],
  ['Free estimate', 'Free, no-obligation estimates for {service} all month long.', ''],
  ['Seasonal special', 'Our seasonal {service} special is back for a limited time.', 'SEASON10'],
] as const;
const TERMS = 'One offer per household. Cannot be combined with other offers.';
const GOOGLE_CTAS = [
  'LEARN_MORE',
  'LEARN_MORE',
  'BOOK',
  'BOOK',
  'CALL',
  'ORDER',
  'SHOP',
  'SIGN_UP',
];

/** A business's own demo address, under example.com so no real site is ever linked. */
export function demoWebsite(hint: DemoBusinessHint | null | undefined): string {
  const slug = (hint?.businessName ?? 'local-business')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `https://${slug || 'local-business'}.example.com`;
}

function fill(template: string, random: Random, hint: DemoBusinessHint | null | undefined) {
  // The review phrases carry their article ("the leak repair", "my cleaning"); a post's templates place
  // the service after their own words ("your {service}", "a {service} job").
  const service = random.pick(demoServices(hint)).replace(/^(the|my) /, '');
  return template
    .replaceAll('{business}', hint?.businessName ?? 'our shop')
    .replaceAll('{staff}', random.pick(demoStaff(random)))
    .replaceAll('{Service}', service.charAt(0).toUpperCase() + service.slice(1))
    .replaceAll('{service}', service);
}

/** A civil date-time (`YYYY-MM-DDTHH:mm`) `days` after `at`, at `hour` o'clock. */
function civilDay(at: number, days: number, hour: number): string {
  const day = new Date(at + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

/** A local post as a business would write it: updates, events and offers, most with a button. */
export function demoGooglePost(
  random: Random,
  hint: DemoBusinessHint | null | undefined,
  at: number,
): DemoPostContent {
  const kind = random.float();
  const site = demoWebsite(hint);
  const ctaType = random.chance(0.7) ? random.pick(GOOGLE_CTAS) : null;
  const ctaUrl = ctaType && ctaType !== 'CALL' ? `${site}/${ctaType.toLowerCase()}` : null;
  if (kind < 0.6) {
    return {
      topicType: 'STANDARD',
      summary: fill(random.pick(UPDATES), random, hint),
      ctaType,
      ctaUrl,
      event: null,
      offer: null,
    };
  }
  const startIn = random.int(1, 10);
  if (kind < 0.78) {
    const [title, summary] = random.pick(EVENTS);
    return {
      topicType: 'EVENT',
      summary: fill(summary, random, hint),
      ctaType,
      ctaUrl,
      event: {
        title: fill(title, random, hint).slice(0, 58),
        start: civilDay(at, startIn, 10),
        end: civilDay(at, startIn + random.int(0, 2), 16),
      },
      offer: null,
    };
  }
  const [title, summary, code] = random.pick(OFFERS);
  return {
    topicType: 'OFFER',
    summary: fill(summary, random, hint),
    ctaType: null,
    ctaUrl: null,
    event: {
      title: fill(title, random, hint).slice(0, 58),
      start: civilDay(at, 0, 9),
      end: civilDay(at, random.int(7, 30), 18),
    },
    offer: {
      ...(code && { couponCode: code }),
      redeemUrl: `${site}/offers`,
      terms: TERMS,
    },
  };
}

/** A page post: plain text, sometimes with a link to the business's site. */
export function demoFacebookPost(
  random: Random,
  hint: DemoBusinessHint | null | undefined,
): DemoPostContent {
  return {
    topicType: 'STANDARD',
    summary: fill(random.pick(FACEBOOK), random, hint),
    ctaType: null,
    ctaUrl: random.chance(0.3) ? `${demoWebsite(hint)}/blog` : null,
    event: null,
    offer: null,
  };
}
