import { METROS } from '../../kernel/demo/metros';
import { hashLabel, hashUnit } from '../kernel/demo-random';
import { type DemoBusinessHint, demoServices, FIRST, LAST } from '../kernel/demo-review-text';

const HOUR_MS = 3_600_000;
/**
 * Demo leads arrive between 12:00 and 24:00 UTC. The demo ad account's days are UTC days
 * (the insights say so), and every demo company is in a US time zone (UTC−4 to UTC−7), so
 * a lead in that window falls on the same date in both: the Facebook page (account days)
 * and a leads list counted in the company's own days agree, day by day.
 */
export const LEAD_WINDOW_START_MS = 12 * HOUR_MS;
const LEAD_WINDOW_MS = 12 * HOUR_MS;
/** Numbers per area code in the 555 exchange (555-1000 … 555-9999). */
const NUMBERS_PER_AREA = 9_000;
/** Leads one campaign can have in one day that still get their own number. */
const SLOTS_PER_CAMPAIGN_DAY = 4;
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** The moments (ms, ascending, whole seconds) of a campaign's `count` leads on a UTC day. */
export function demoLeadTimes(seed: number, key: string, day: string, count: number): number[] {
  const start = Date.parse(`${day}T00:00:00Z`) + LEAD_WINDOW_START_MS;
  const times: number[] = [];
  for (let k = 0; k < count; k++) {
    const offset = Math.floor(hashUnit(seed, `lead-at/${key}/${day}/${k}`) * LEAD_WINDOW_MS);
    times.push(start + offset - (offset % 1000));
  }
  return times.sort((a, b) => a - b);
}

/** The area codes of the business's metro (from its own number), else one picked for it. */
function areaCodesOf(seed: number, account: string, hint: DemoBusinessHint | null | undefined) {
  const own = /^\+1(\d{3})/.exec(hint?.phone ?? '')?.[1];
  const metro = own
    ? METROS.find((m) => m.areaCodes.includes(own))
    : METROS[hashLabel(seed, `lead-metro/${account}`) % METROS.length];
  return metro?.areaCodes ?? (own ? [own] : ['512']);
}

/**
 * What a demo lead typed into the instant form, in Graph's `field_data` shape. Each
 * (day, campaign, lead of the day) has its own slot, and the slot its own phone number
 * and email, so different people never share a number within the months the metro's
 * area codes cover (the leads center merges leads by phone and email).
 */
export function demoLeadFields(
  seed: number,
  account: string,
  hint: DemoBusinessHint | null | undefined,
  lead: { dayIndex: number; campaignIndex: number; k: number },
): { name: string; values: string[] }[] {
  const areas = areaCodesOf(seed, account, hint);
  const capacity = areas.length * NUMBERS_PER_AREA;
  // Shifted per account, so two businesses of a metro do not hand out the same numbers.
  const slot =
    (lead.dayIndex * 5 * SLOTS_PER_CAMPAIGN_DAY +
      lead.campaignIndex * SLOTS_PER_CAMPAIGN_DAY +
      Math.min(lead.k, SLOTS_PER_CAMPAIGN_DAY - 1) +
      (hashLabel(seed, `lead-slot/${account}`) % capacity)) %
    capacity;
  const area = areas[Math.floor(slot / NUMBERS_PER_AREA)] ?? areas[0];
  const phone = `+1${area}555${1000 + (slot % NUMBERS_PER_AREA)}`;
  const label = `lead/${account}/${lead.dayIndex}/${lead.campaignIndex}/${lead.k}`;
  const pick = <T>(items: readonly T[], part: string) =>
    items[hashLabel(seed, `${label}/${part}`) % items.length] as T;
  const first = pick(FIRST, 'first');
  const last = pick(LAST, 'last');
  const email = `${first}.${last}${slot % 1000}@${pick(EMAIL_DOMAINS, 'domain')}`.toLowerCase();
  const service = pick(demoServices(hint), 'service');
  return [
    { name: 'full_name', values: [`${first} ${last}`] },
    { name: 'phone_number', values: [phone] },
    { name: 'email', values: [email] },
    { name: 'what_service_are_you_interested_in?', values: [service] },
  ];
}
