import type { AdScheduleEntry, DayRange } from '@pinpoint/contracts';
import { rangeInstants, todayIn } from '@pinpoint/contracts';
import type { ConnectionAccess } from '../kernel/connection-access';
import { DemoRandom, hashLabel } from '../kernel/demo-random';
import type { DemoBusinessHint } from '../kernel/demo-review-text';
import { addDays, daysBetween, eachDay } from './gads-days';
import { createGadsEstimatorDemo, type EstimatorSampleLoader } from './gads-estimator-demo';
import { usGeoTargets } from './geotargets';
import type {
  GadsAd,
  GadsCampaign,
  GadsDayFigure,
  GadsKeyword,
  GadsLead,
  GadsStructure,
  GoogleAdsProvider,
} from './port';

export interface GadsDemoOptions {
  seed?: string;
  now?: () => Date;
  describe?: (account: string) => DemoBusinessHint | null | undefined;
  /** The account's zone; unknown (null) by default, so a sync keeps the one stored. */
  zoneOf?: (account: string) => string | null | undefined;
  /** How many campaigns each account has (the benchmark asks for 50). */
  campaignCount?: (account: string) => number;
  /** The ads estimator's calibration sample (stored figures); without it the estimator refuses. */
  estimatorSample?: EstimatorSampleLoader;
}

/** The demo history runs this far back from today (DECISIONS.md: 18 months). */
export const GADS_DEMO_HISTORY_DAYS = 548;
const DEFAULT_ZONE = 'America/Chicago';
const CAMPAIGN_KINDS = [
  { type: 'SEARCH', label: 'Search', ctr: 0.055, cpc: 420 },
  { type: 'LOCAL', label: 'Local', ctr: 0.03, cpc: 260 },
  { type: 'PERFORMANCE_MAX', label: 'Performance Max', ctr: 0.018, cpc: 190 },
  { type: 'DISPLAY', label: 'Display', ctr: 0.006, cpc: 85 },
] as const;
const SERVICES = ['Emergency', 'Repair', 'Installation', 'Maintenance', 'Same-day', 'Brand'];
const KEYWORD_WORDS = [
  'near me',
  'emergency',
  'repair',
  'cost',
  'best',
  'local',
  '24 hour',
  'service',
];
const MATCH_TYPES = ['EXACT', 'PHRASE', 'BROAD'] as const;
const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const;
const FIRST = ['James', 'Maria', 'Linda', 'David', 'Nicole', 'Kevin', 'Rachel', 'Eric', 'Sofia'];

const digits = (account: string) => account.replace(/\D/g, '').padStart(10, '0').slice(-10);

/** Splits a whole number over weights so the parts add up to it exactly (largest remainder). */
export function splitExact(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const raw = weights.map((w) => (total * w) / sum);
  const parts = raw.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}

/**
 * The demo Google Ads account of a customer id: its campaigns (several types), ads with
 * their headlines, keywords with quality scores, cities, schedules, image assets, and 18
 * months of daily figures and leads, all deterministic from the account and the day, so a
 * seed and a later sync agree. The parts add up: ads, keywords and cities split their
 * campaign's day exactly, and the call and form leads are the conversions, one by one.
 */
export function createGadsDemo(options: GadsDemoOptions = {}): GoogleAdsProvider {
  const seed = hashLabel(0x6ad5, options.seed ?? 'pinpoint-gads');
  const now = options.now ?? (() => new Date());
  const zone = (account: string) => options.zoneOf?.(account) ?? DEFAULT_ZONE;
  const shapes = new Map<string, GadsStructure>();

  function structureOf(account: string): GadsStructure {
    const known = shapes.get(account);
    if (known) return known;
    const random = new DemoRandom(seed, `structure|${account}`);
    const hint = options.describe?.(account);
    const business = hint?.businessName ?? `Account ${digits(account)}`;
    const trade = hint?.trade ?? 'home services';
    const count = options.campaignCount?.(account) ?? random.int(3, 5);
    const campaigns: GadsCampaign[] = [];
    const ads: GadsAd[] = [];
    const keywords: GadsKeyword[] = [];
    for (let c = 0; c < count; c++) {
      const kind = CAMPAIGN_KINDS[c % CAMPAIGN_KINDS.length] ?? CAMPAIGN_KINDS[0];
      const service = SERVICES[(c + random.int(0, 5)) % SERVICES.length] ?? 'Service';
      const id = String(20_000_000_000 + hashLabel(seed, `${account}|c${c}`));
      const weekdaysOnly = random.chance(0.5);
      const schedule: AdScheduleEntry[] = weekdaysOnly
        ? WEEKDAYS.map((day) => ({ day, startHour: 7, startMinute: 0, endHour: 20, endMinute: 0 }))
        : [];
      campaigns.push({
        id,
        name: `${kind.label} – ${service} ${trade}`,
        channelType: kind.type,
        // One campaign in five rests, and has no figures for its last 60 days.
        status: c > 0 && c % 5 === 4 ? 'PAUSED' : 'ENABLED',
        budgetCents: random.int(15, 120) * 100,
        startDate: null,
        schedule,
      });
      const adGroupId = String(150_000_000_000 + hashLabel(seed, `${account}|g${c}`));
      const adCount = kind.type === 'SEARCH' ? 3 : 2;
      for (let a = 0; a < adCount; a++) {
        ads.push({
          id: String(600_000_000_000 + hashLabel(seed, `${account}|a${c}.${a}`)),
          campaignId: id,
          adGroupId,
          adGroupName: `${service} ${trade}`,
          type: kind.type === 'DISPLAY' ? 'RESPONSIVE_DISPLAY_AD' : 'RESPONSIVE_SEARCH_AD',
          status: a === adCount - 1 && random.chance(0.3) ? 'PAUSED' : 'ENABLED',
          headlines: [
            `${service} ${trade} you can trust`,
            `${business}`,
            random.pick(['Call today', 'Book online in minutes', 'Free estimates', 'Open 7 days']),
          ],
          descriptions: [
            `Licensed ${trade} pros serving your area. ${random.pick(['Upfront pricing.', 'No hidden fees.', 'Fast response.'])}`,
            `${business}: ${service.toLowerCase()} work done right the first time.`,
          ],
          finalUrl: `https://www.example.com/${service.toLowerCase().replace(/\W+/g, '-')}`,
        });
      }
      if (kind.type === 'SEARCH' || kind.type === 'LOCAL') {
        for (let k = 0; k < 3; k++) {
          keywords.push({
            id: `${adGroupId}~${hashLabel(seed, `${account}|k${c}.${k}`)}`,
            campaignId: id,
            text: `${trade} ${KEYWORD_WORDS[(c * 4 + k) % KEYWORD_WORDS.length]}`.toLowerCase(),
            matchType: MATCH_TYPES[k % MATCH_TYPES.length] ?? 'PHRASE',
            qualityScore: random.chance(0.1) ? null : random.int(4, 10),
            status: 'ENABLED',
          });
        }
      }
    }
    const assets = [0, 1, 2].map((i) => {
      const [w, h] = [
        [1200, 628],
        [1200, 1200],
        [600, 314],
      ][i] as [number, number];
      const hue = hashLabel(seed, `${account}|hue${i}`) % 360;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="hsl(${hue} 55% 38%)"/><text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="${Math.round(h / 9)}" text-anchor="middle">${escapeXml(business)}</text></svg>`;
      const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      return {
        id: String(90_000_000_000 + hashLabel(seed, `${account}|img${i}`)),
        name: `${business} ${['landscape', 'square', 'small landscape'][i]}`,
        url,
        width: w,
        height: h,
        fileSize: svg.length,
      };
    });
    const shape: GadsStructure = {
      account: {
        customerId: digits(account),
        descriptiveName: business,
        currencyCode: 'USD',
        timeZone: options.zoneOf?.(account) ?? null,
      },
      campaigns,
      ads,
      keywords,
      assets,
    };
    shapes.set(account, shape);
    return shape;
  }

  /** The account's cities: a state's largest ones, picked once per account. */
  function citiesOf(account: string): string[] {
    const { list } = usGeoTargets();
    const states = list.filter((g) => g.targetType === 'State');
    const state = states[hashLabel(seed, `${account}|state`) % states.length];
    const cities = list.filter((g) => g.targetType === 'City' && g.parentId === state?.criteriaId);
    return cities.slice(0, 6).map((g) => g.criteriaId);
  }

  /** The last range's campaign days, so `leads` after `figures` for the same days reuses them. */
  let memo = { id: '', days: new Map<string, ReturnType<typeof computeDay>>() };
  function campaignDay(
    account: string,
    campaign: GadsCampaign,
    index: number,
    day: string,
    today: string,
  ) {
    const key = `${campaign.id}|${day}`;
    if (memo.days.has(key)) return memo.days.get(key) ?? null;
    const value = computeDay(account, campaign, index, day, today);
    memo.days.set(key, value);
    return value;
  }
  const remember = (account: string, range: DayRange, today: string) => {
    const id = `${account}|${range.from}|${range.to}|${today}`;
    if (memo.id !== id) memo = { id, days: new Map() };
  };

  /** A campaign's figures for one day; today's are the share of the day gone by. */
  function computeDay(
    account: string,
    campaign: GadsCampaign,
    index: number,
    day: string,
    today: string,
  ) {
    const kind = CAMPAIGN_KINDS.find((k) => k.type === campaign.channelType) ?? CAMPAIGN_KINDS[0];
    const age = daysBetween(day, today);
    if (age < 0 || age > GADS_DEMO_HISTORY_DAYS) return null;
    if (campaign.status === 'PAUSED' && age < 60) return null;
    const random = new DemoRandom(seed, `${account}|${campaign.id}|${day}`);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const weekly = weekday === 0 || weekday === 6 ? 0.65 : 1.1;
    // A slow climb over the 18 months, and a summer peak.
    const trend = 0.75 + 0.35 * (1 - age / GADS_DEMO_HISTORY_DAYS);
    const month = Number(day.slice(5, 7));
    const season = 1 + 0.2 * Math.cos(((month - 7) / 12) * 2 * Math.PI);
    let share = 1;
    if (age === 0) {
      const { start } = rangeInstants({ from: day, to: day }, zone(account));
      share = Math.min(
        1,
        Math.max(0, Math.floor((now().getTime() - start.getTime()) / 3_600_000) / 24),
      );
    }
    // A local business's scale: a Search campaign near 150 impressions and 8 clicks a day.
    const base = (110 + (index % 4) * 40) * weekly * trend * season * random.between(0.8, 1.2);
    const impressions = Math.round(base * share * (kind.type === 'DISPLAY' ? 6 : 1));
    const clicks = Math.round(impressions * kind.ctr * random.between(0.8, 1.25));
    const costCents = Math.round(clicks * kind.cpc * random.between(0.85, 1.2));
    // Whole leads, rounded at random so a day with 0.4 expected calls sometimes has one.
    const whole = (expected: number) =>
      Math.floor(expected) + (random.float() < expected % 1 ? 1 : 0);
    const calls = whole(clicks * random.between(0.02, 0.05));
    const forms = whole(clicks * random.between(0.005, 0.02));
    return { impressions, clicks, costCents, calls, forms, random };
  }

  function figuresOf(account: string, range: DayRange): GadsDayFigure[] {
    const shape = structureOf(account);
    const today = todayIn(zone(account), now());
    const cities = citiesOf(account);
    remember(account, range, today);
    const adsOf = new Map(
      shape.campaigns.map((c) => [c.id, shape.ads.filter((a) => a.campaignId === c.id)]),
    );
    const keywordsOf = new Map(
      shape.campaigns.map((c) => [c.id, shape.keywords.filter((k) => k.campaignId === c.id)]),
    );
    const out: GadsDayFigure[] = [];
    for (const day of eachDay(range.from, range.to)) {
      shape.campaigns.forEach((campaign, index) => {
        const figure = campaignDay(account, campaign, index, day, today);
        if (!figure) return;
        const { random: _random, ...totals } = figure;
        out.push({ kind: 'campaign', key: campaign.id, date: day, ...totals });
        const split = (kind: GadsDayFigure['kind'], keys: string[], weights: number[]) => {
          if (keys.length === 0) return;
          const parts = {
            impressions: splitExact(totals.impressions, weights),
            clicks: splitExact(totals.clicks, weights),
            costCents: splitExact(totals.costCents, weights),
            calls: splitExact(totals.calls, weights),
            forms: splitExact(totals.forms, weights),
          };
          keys.forEach((key, i) => {
            out.push({
              kind,
              key,
              date: day,
              impressions: parts.impressions[i] ?? 0,
              clicks: parts.clicks[i] ?? 0,
              costCents: parts.costCents[i] ?? 0,
              calls: parts.calls[i] ?? 0,
              forms: parts.forms[i] ?? 0,
            });
          });
        };
        const ads = adsOf.get(campaign.id) ?? [];
        split(
          'ad',
          ads.map((a) => a.id),
          ads.map((a) => (a.status === 'PAUSED' ? 0.2 : 1)),
        );
        const keywords = keywordsOf.get(campaign.id) ?? [];
        split(
          'keyword',
          keywords.map((k) => k.id),
          keywords.map((k, i) => 4 - i + (hashLabel(seed, k.id) % 100) / 100),
        );
        split(
          'location',
          cities,
          cities.map((_, i) => 6 - i),
        );
      });
    }
    // A city's day is the sum over every campaign that reached it: one figure per key and day.
    const merged = new Map<string, GadsDayFigure>();
    const result: GadsDayFigure[] = [];
    for (const figure of out) {
      if (figure.kind !== 'location') {
        result.push(figure);
        continue;
      }
      const id = `${figure.key}|${figure.date}`;
      const seen = merged.get(id);
      if (!seen) merged.set(id, figure);
      else
        for (const k of ['impressions', 'clicks', 'costCents', 'calls', 'forms'] as const)
          seen[k] += figure[k];
    }
    return [...result, ...merged.values()];
  }

  function leadsOf(account: string, range: DayRange): GadsLead[] {
    const shape = structureOf(account);
    const today = todayIn(zone(account), now());
    remember(account, range, today);
    const leads: GadsLead[] = [];
    for (const day of eachDay(range.from, range.to)) {
      const { start } = rangeInstants({ from: day, to: day }, zone(account));
      shape.campaigns.forEach((campaign, index) => {
        const figure = campaignDay(account, campaign, index, day, today);
        if (!figure) return;
        const random = new DemoRandom(seed, `${account}|${campaign.id}|${day}|leads`);
        const at = () => {
          // Business hours, and never later than now for today's.
          const limit = Math.min(start.getTime() + 21 * 3_600_000, now().getTime());
          const from = start.getTime() + 7 * 3_600_000;
          return new Date(
            Math.max(
              start.getTime(),
              Math.min(limit - 60_000, from + random.float() * (limit - from)),
            ),
          );
        };
        for (let i = 0; i < figure.calls; i++) {
          leads.push({
            id: `call-${campaign.id}-${day}-${i}`,
            kind: 'call',
            occurredAt: at(),
            campaignId: campaign.id,
            callerAreaCode: String(random.int(201, 989)),
            durationSeconds: random.int(20, 600),
            formFields: null,
          });
        }
        for (let i = 0; i < figure.forms; i++) {
          const name = random.pick(FIRST);
          leads.push({
            id: `form-${campaign.id}-${day}-${i}`,
            kind: 'form',
            occurredAt: at(),
            campaignId: campaign.id,
            callerAreaCode: null,
            durationSeconds: null,
            formFields: [
              { name: 'FULL_NAME', value: `${name} ${random.chars(1, 'ABCDEFGHJKLMNPRSTW')}.` },
              {
                name: 'PHONE_NUMBER',
                value: `(555) 01${random.int(0, 9)}-${random.int(1000, 9999)}`,
              },
              { name: 'SERVICE', value: random.pick(SERVICES) },
            ],
          });
        }
      });
    }
    return leads;
  }

  return {
    mode: 'demo',
    structure: async (access: ConnectionAccess) => structureOf(access.externalAccount),
    figures: async (access, range) => figuresOf(access.externalAccount, range),
    leads: async (access, range) => leadsOf(access.externalAccount, range),
    ...createGadsEstimatorDemo(options.estimatorSample),
  };
}

/** The first day of the demo's history, for a given today. */
export function gadsDemoFirstDay(today: string): string {
  return addDays(today, -GADS_DEMO_HISTORY_DAYS);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
