import type { ActivityType, ProductSlug } from '@pinpoint/contracts';
import { activityEvents } from '../kernel/db/schema';
import type { SeededProduct } from '../kernel/demo/seed-context';
import {
  DAY_MS,
  daysBefore,
  HISTORY_DAYS,
  insertChunked,
  type SeedContext,
} from '../kernel/demo/seed-context';
import type { SeededCompany } from './companies';

type Rate = [ActivityType, number, number];

/** Typical monthly work per product: [type, min, max] events a month. */
function monthlyWork(slug: ProductSlug): Rate[] {
  switch (slug) {
    case 'google-business-pro':
    case 'local-marketing-essentials':
    case 'tow-marketing-essentials':
    case 'google-calls-advisor':
      return [
        ['post_published', 3, 5],
        ['review_replied', 2, 9],
        ['photo_uploaded', 1, 3],
        ['qa_answered', 0, 2],
        ['listing_updated', 0, 1],
        ['scan_run', 1, 2],
      ];
    case 'managed-business-listings':
    case 'business-listings':
      return [['listing_updated', 2, 6]];
    case 'facebook-pro':
      return [
        ['post_published', 5, 8],
        ['review_replied', 1, 4],
      ];
    case 'google-ads':
    case 'ads-xpress':
    case 'facebook-ads':
    case 'local-services-ads':
      return [
        ['ad_campaign_updated', 2, 5],
        ['report_sent', 1, 1],
      ];
    case 'seo-pro':
      return [
        ['website_updated', 1, 3],
        ['report_sent', 1, 1],
      ];
    case 'omgincontact':
      return [['report_sent', 1, 1]];
    default:
      return [['website_updated', 0, 2]];
  }
}

const POST_TOPICS = [
  'Seasonal special',
  'Meet the team',
  'Customer story',
  'Tips for homeowners',
  'New service',
  'Weekend hours',
  'Community event',
  'Before and after',
];
const REVIEWERS = [
  'Maria G.',
  'James T.',
  'Priya S.',
  'Daniel R.',
  'Aisha K.',
  'Tom B.',
  'Lucia M.',
  'Kevin L.',
  'Hannah W.',
  'Marcus J.',
];
const DIRECTORIES = [
  'Google',
  'Yelp',
  'Bing Places',
  'Apple Maps',
  'Facebook',
  'Nextdoor',
  'Yellow Pages',
  'Foursquare',
];
const PLATFORM: Partial<Record<ProductSlug, string>> = {
  'google-ads': 'Google Ads',
  'ads-xpress': 'Google Ads',
  'facebook-ads': 'Facebook Ads',
  'local-services-ads': 'Local Services Ads',
  'facebook-pro': 'Facebook',
};

function describe(
  random: SeedContext['random'],
  type: ActivityType,
  slug: ProductSlug,
  company: SeededCompany,
): { title: string; detail: string } {
  const platform = PLATFORM[slug] ?? 'Google';
  switch (type) {
    case 'post_published':
      return {
        title: `Published a ${platform} post`,
        detail: `${random.pick(POST_TOPICS)} – ${company.label}`,
      };
    case 'review_replied': {
      const stars = random.pick([5, 5, 5, 5, 4, 4, 3, 2, 1]);
      return {
        title: `Replied to a ${stars}★ review`,
        detail: `Review by ${random.pick(REVIEWERS)} on ${platform}`,
      };
    }
    case 'listing_updated':
      return {
        title: `Updated the listing on ${random.pick(DIRECTORIES)}`,
        detail: random.pick([
          'Hours',
          'Phone number',
          'Categories',
          'Photos',
          'Description',
          'Address',
        ]),
      };
    case 'scan_run': {
      const size = random.pick([5, 7, 9]);
      return {
        title: `Ran a ${size}×${size} rank grid`,
        detail: `Keyword "${random.pick(company.vertical.keywords)}"`,
      };
    }
    case 'photo_uploaded':
      return {
        title: 'Uploaded photos to the Google profile',
        detail: `${random.int(1, 6)} photos`,
      };
    case 'qa_answered':
      return {
        title: 'Answered a question on Google',
        detail: random.pick([
          'Do you offer free estimates?',
          'Are you open on Saturdays?',
          'Do you take insurance?',
          'How soon can you come out?',
        ]),
      };
    case 'ad_campaign_updated':
      return {
        title: `Optimised the ${platform} campaign`,
        detail: random.pick([
          'Adjusted bids',
          'Added negative keywords',
          'New ad copy',
          'Budget shift to top performers',
          'Updated service area',
        ]),
      };
    case 'report_sent':
      return { title: 'Sent the monthly report', detail: `${platform} performance` };
    case 'website_updated':
      return {
        title: 'Updated the website',
        detail: random.pick([
          'New service page',
          'Speed improvements',
          'Updated photos',
          'Security updates',
          'New blog article',
        ]),
      };
  }
}

/**
 * Eighteen months of agency work per company, from each product's start (or the start of
 * the history) to its end or the anchor day. Paused and on-hold products get less.
 */
export async function seedActivity(
  ctx: SeedContext,
  companies: SeededCompany[],
  products: SeededProduct[],
): Promise<number> {
  const random = ctx.random.fork('activity');
  const byId = new Map(companies.map((company) => [company.id, company]));
  const historyStart = daysBefore(ctx.anchor, HISTORY_DAYS).getTime();
  const rows: (typeof activityEvents.$inferInsert)[] = [];
  for (const product of products) {
    const company = byId.get(product.companyId);
    if (!company) continue;
    const from = Math.max(historyStart, product.start.getTime());
    const to = product.end?.getTime() ?? ctx.anchor.getTime();
    const slowdown = product.status === 'active' || product.status === 'cancelled' ? 1 : 0.4;
    for (let monthStart = from; monthStart < to; monthStart += 30 * DAY_MS) {
      const span = Math.min(30 * DAY_MS, to - monthStart);
      for (const [type, min, max] of monthlyWork(product.slug)) {
        const count = Math.round(random.int(min, max) * slowdown * (span / (30 * DAY_MS)));
        for (let i = 0; i < count; i++) {
          // Working hours in the company's part of the country: 13:00–23:00 UTC.
          const day = monthStart + Math.floor((random.float() * span) / DAY_MS) * DAY_MS;
          const occurredAt = new Date(day + random.int(13 * 60, 23 * 60 - 1) * 60_000);
          if (occurredAt.getTime() >= ctx.anchor.getTime()) continue;
          rows.push({
            companyId: company.id,
            type,
            ...describe(random, type, product.slug, company),
            productInstanceId: product.id,
            occurredAt,
          });
        }
      }
    }
  }
  await insertChunked(rows, (chunk) => ctx.tx.insert(activityEvents).values(chunk));
  return rows.length;
}
