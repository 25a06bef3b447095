import {
  addCalendarDays,
  type DayRange,
  formatRoiMoney,
  ROI_CHANNEL_LABELS,
  type RoiChannel,
  type RoiFigures,
  type RoiNotes,
} from '@pinpoint/contracts';
import type { SpendSpan } from './roi-spend';

/** What a set of figures is made of before the ratios: sums only, so they add up. */
export interface RoiSums {
  adSpendCents: number;
  feesCents: number;
  leads: number;
  won: number;
  ownValueCents: number;
  wonWithoutValue: number;
}

export const emptySums = (): RoiSums => ({
  adSpendCents: 0,
  feesCents: 0,
  leads: 0,
  won: 0,
  ownValueCents: 0,
  wonWithoutValue: 0,
});

export function addSums(into: RoiSums, more: Partial<RoiSums>): RoiSums {
  for (const key of Object.keys(into) as (keyof RoiSums)[]) into[key] += more[key] ?? 0;
  return into;
}

/** The sums with their ratios; a ratio over nothing is null, never 0 or Infinity. */
export function figuresOf(sums: RoiSums, avgJobValueCents: number): RoiFigures {
  const spendCents = sums.adSpendCents + sums.feesCents;
  const estimatedValueCents = sums.wonWithoutValue * avgJobValueCents;
  const wonValueCents = sums.ownValueCents + estimatedValueCents;
  return {
    spendCents,
    adSpendCents: sums.adSpendCents,
    feesCents: sums.feesCents,
    leads: sums.leads,
    won: sums.won,
    wonValueCents,
    estimatedValueCents,
    wonWithoutValue: sums.wonWithoutValue,
    costPerLeadCents: sums.leads > 0 ? Math.round(spendCents / sums.leads) : null,
    returnOnSpend: spendCents > 0 ? Math.round((wonValueCents / spendCents) * 100) / 100 : null,
    winRate: sums.leads > 0 ? Math.round((sums.won / sums.leads) * 1000) / 1000 : null,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The months a range touches, each clipped to the range (`key` is `yyyy-MM`). */
export function monthSpans(range: DayRange): SpendSpan[] {
  const spans: SpendSpan[] = [];
  let year = Number(range.from.slice(0, 4));
  let month = Number(range.from.slice(5, 7));
  for (;;) {
    const key = `${year}-${two(month)}`;
    if (key > range.to.slice(0, 7)) break;
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${two(month + 1)}-01`;
    const first = `${key}-01`;
    const last = addCalendarDays(next, -1);
    spans.push({
      key,
      from: first < range.from ? range.from : first,
      to: last > range.to ? range.to : last,
    });
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
  return spans;
}

export const CHANNEL_DESCRIPTIONS: Record<RoiChannel, string> = {
  google_ads:
    'Leads whose first contact was a Google Ads call or lead form; spend of the Google Ads and Ads Xpress accounts and those products’ fees.',
  lsa: 'Leads whose first contact was a Local Services Ads lead; the LSA account’s spend and the product’s fee.',
  facebook:
    'Leads whose first contact was a Facebook lead ad; the Facebook ad account’s spend and the product’s fee.',
  calls_website:
    'Leads whose first contact was a tracked call or a website contact form. No spend of its own: those products’ fees count in Other.',
  other:
    'Leads entered by hand, and the fees of every product that is not an ad channel (profiles, listings, websites, call tracking…).',
};

/** The "how this is counted" texts, with the average job value in force written out. */
export function roiNotes(avgJobValueCents: number, isDefault: boolean): RoiNotes {
  const average = `${formatRoiMoney(avgJobValueCents)}${isDefault ? ', the default until you set your own' : ', as you set it'}`;
  return {
    spend: 'Ad spend plus the agency’s fees for the days of the range.',
    adSpend:
      'What your Google Ads (including Ads Xpress), Local Services Ads and Facebook Ads accounts spent on the days of the range, each in its own account’s days: the same figures as the ads pages.',
    fees: 'The agency’s invoice lines (void invoices left out), each spread evenly over the days it bills: a range that covers half of a billed month counts half of that month’s fee.',
    leads:
      'Leads that first reached you in the range, as the leads center lists them (one lead per customer, however many sources they came through), counted in the month of their first contact.',
    won: 'Of those leads, the ones whose status is now Won, counted in the month they first came in.',
    wonValue: `The value entered on each won lead; a won lead without a value counts your average job value (${average}).`,
    costPerLead: 'Spend divided by leads. Blank when there are no leads.',
    returnOnSpend:
      'Won value divided by spend: 3.0× means $3 came back for every $1 spent. Blank when nothing was spent.',
    channels: `A lead counts in the channel of its first source: ${Object.values(ROI_CHANNEL_LABELS).join(', ')}. A channel’s spend is its ad accounts’ spend plus its products’ fees; the fees of other products count in Other.`,
  };
}
