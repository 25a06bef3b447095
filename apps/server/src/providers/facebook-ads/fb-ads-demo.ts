import { addCalendarDays } from '@pinpoint/contracts';
import { hash32 } from '../../kernel/demo/random';
import { hashLabel, hashUnit } from '../kernel/demo-random';
import type { DemoBusinessHint } from '../kernel/demo-review-text';
import { FACEBOOK_ADS_VENDOR } from '../kernel/vendor-ids';
import { demoLeadFields, demoLeadTimes } from './fb-ads-demo-leads';
import type { FacebookAdsProvider, VendorAdCampaign, VendorAdInsight, VendorAdLead } from './port';

export interface FbAdsDemoOptions {
  seed?: string;
  now?: () => Date;
  /** The business behind an ad account: its trade sets the demo's costs. */
  describe?: (account: string) => DemoBusinessHint | null | undefined;
}

/** The demo's history starts here (the sync asks for at most 18 months anyway). */
const DEMO_FIRST_DAY = '2020-01-01';

interface Template {
  name: string;
  objective: 'OUTCOME_LEADS' | 'OUTCOME_TRAFFIC' | 'OUTCOME_AWARENESS';
  /** Click-through rate range for the objective. */
  ctr: [number, number];
}

const TEMPLATES: Template[] = [
  { name: 'Lead form – {trade}', objective: 'OUTCOME_LEADS', ctr: [0.009, 0.016] },
  { name: 'Website visits – {trade} offers', objective: 'OUTCOME_TRAFFIC', ctr: [0.012, 0.021] },
  { name: 'Local awareness – {town}', objective: 'OUTCOME_AWARENESS', ctr: [0.003, 0.006] },
  { name: 'Retargeting – site visitors', objective: 'OUTCOME_LEADS', ctr: [0.011, 0.019] },
  { name: 'Seasonal promo – {trade}', objective: 'OUTCOME_TRAFFIC', ctr: [0.01, 0.018] },
];

interface DemoCampaign extends VendorAdCampaign {
  index: number;
  /** The campaign's one ad, and the instant form its leads fill. */
  adId: string;
  formId: string;
  firstDay: string;
  /** Last day with delivery (paused campaigns); null while it runs. */
  lastDay: string | null;
  ctr: [number, number];
  /** Cost per 1,000 impressions and per lead, in cents, around which days vary. */
  cpmCents: number;
  cplCents: number;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
const dayIndexOf = (day: string) =>
  Math.round(
    (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${DEMO_FIRST_DAY}T00:00:00Z`)) / 86_400_000,
  );

/**
 * A Meta ad account without Meta: two to five campaigns, each delivering every day of its
 * run. Figures are a pure function of (seed, account, campaign, day), so a re-sync of a past
 * day stores the same numbers; today's grow with the hours of the day (UTC). Costs depend on
 * the business's trade, so industries differ the way they do in real accounts.
 */
export function createFbAdsDemo(options: FbAdsDemoOptions = {}): FacebookAdsProvider {
  const seed = hash32(`${options.seed ?? 'pinpoint-demo'}/facebook-ads`);
  const now = options.now ?? (() => new Date());

  function campaignsOf(account: string): DemoCampaign[] {
    const hint = options.describe?.(account) ?? null;
    const trade = (hint?.trade ?? 'local services').toLowerCase();
    // The trade's market: CPM $9–$24 and cost per lead $18–$75, the same for every account of it.
    const cpmCents = Math.round(900 + hashUnit(seed, `cpm/${trade}`) * 1500);
    const cplCents = Math.round(1800 + hashUnit(seed, `cpl/${trade}`) * 5700);
    const count = 2 + (hashLabel(seed, `count/${account}`) % 4);
    const today = utcDay(now());
    const start = addCalendarDays(today, -560);
    const picks = [...TEMPLATES]
      .map((t, i) => ({ t, k: hashUnit(seed, `order/${account}/${i}`) }))
      .sort((a, b) => a.k - b.k)
      .slice(0, count);
    return picks.map(({ t }, i) => {
      const u = (label: string) => hashUnit(seed, `${label}/${account}/${i}`);
      const digits = String(hashLabel(seed, `id/${account}/${i}`)).padStart(10, '0');
      // The first campaign has run all along; later ones started somewhere in the history.
      const firstDay = i === 0 ? start : addCalendarDays(start, Math.floor(u('start') * 420));
      const paused = i > 0 && u('paused') < 0.3;
      const lastDay = paused ? addCalendarDays(firstDay, 40 + Math.floor(u('length') * 120)) : null;
      return {
        index: i,
        adId: `239${digits}${i}`,
        formId: `71${digits}${i}`,
        campaignId: `238${digits}${i}`,
        name: t.name.replace('{trade}', trade).replace('{town}', 'your area'),
        objective: t.objective,
        status: paused && lastDay && lastDay < today ? 'PAUSED' : 'ACTIVE',
        dailyBudgetCents: (10 + Math.floor(u('budget') * 7) * 5) * 100,
        firstDay: firstDay < DEMO_FIRST_DAY ? DEMO_FIRST_DAY : firstDay,
        lastDay,
        ctr: t.ctr,
        cpmCents: Math.round(
          cpmCents * (t.objective === 'OUTCOME_AWARENESS' ? 0.55 : 1) * (0.9 + u('cpm') * 0.2),
        ),
        cplCents: Math.round(
          cplCents * (t.objective === 'OUTCOME_LEADS' ? 1 : 4) * (0.85 + u('cpl') * 0.3),
        ),
      };
    });
  }

  const runs = (c: DemoCampaign, day: string) =>
    day >= c.firstDay && !(c.lastDay && day > c.lastDay);

  /**
   * The moments of a campaign's leads on a day, all of them (the whole day's delivery).
   * The insights count those up to now, and the leads edge lists the same ones, so the
   * report's leads and the stored leads agree for every day, today included.
   */
  function leadTimes(account: string, c: DemoCampaign, day: string): number[] {
    if (!runs(c, day) || c.objective === 'OUTCOME_AWARENESS') return [];
    const u = (label: string) => hashUnit(seed, `${label}/${account}/${c.campaignId}/${day}`);
    const fullSpend = Math.round(
      (c.dailyBudgetCents ?? 2000) * weekendFactor(day) * (0.78 + u('spend') * 0.24),
    );
    const count = Math.floor(fullSpend / c.cplCents + u('leads'));
    return demoLeadTimes(seed, `${account}/${c.campaignId}`, day, count);
  }

  function dayOf(
    account: string,
    c: DemoCampaign,
    day: string,
    todayShare: number,
    nowMs: number,
  ): VendorAdInsight | null {
    if (!runs(c, day)) return null;
    const u = (label: string) => hashUnit(seed, `${label}/${account}/${c.campaignId}/${day}`);
    const budget = c.dailyBudgetCents ?? 2000;
    const spendCents = Math.round(
      budget * weekendFactor(day) * (0.78 + u('spend') * 0.24) * todayShare,
    );
    if (spendCents === 0) return null;
    const impressions = Math.round((spendCents / (c.cpmCents * (0.85 + u('cpm') * 0.3))) * 1000);
    const reach = Math.round(impressions / (1.08 + u('freq') * 0.3));
    const clicks = Math.round(impressions * (c.ctr[0] + u('ctr') * (c.ctr[1] - c.ctr[0])));
    const leads = leadTimes(account, c, day).filter((at) => at <= nowMs).length;
    return {
      campaignId: c.campaignId,
      campaignName: c.name,
      day,
      spendCents,
      impressions,
      reach,
      clicks,
      leads,
    };
  }

  return {
    vendor: FACEBOOK_ADS_VENDOR,
    mode: 'demo',

    async listCampaigns(access) {
      const campaigns = campaignsOf(access.externalAccount).map(
        ({ campaignId, name, objective, status, dailyBudgetCents }) => ({
          campaignId,
          name,
          objective,
          status,
          dailyBudgetCents,
        }),
      );
      return { campaigns, after: null };
    },

    async listInsights(access, query) {
      const at = now();
      const today = utcDay(at);
      const share = (at.getTime() - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
      const campaigns = campaignsOf(access.externalAccount);
      const offset = query.after ? Number(query.after) || 0 : 0;
      const all: VendorAdInsight[] = [];
      const until = query.until > today ? today : query.until;
      for (let day = query.since; day <= until; day = addCalendarDays(day, 1)) {
        for (const campaign of campaigns) {
          const dayShare = day === today ? share : 1;
          const row = dayOf(access.externalAccount, campaign, day, dayShare, at.getTime());
          if (row) all.push(row);
        }
      }
      const rows = all.slice(offset, offset + query.pageSize);
      const more = offset + rows.length < all.length;
      return { rows, after: more ? String(offset + rows.length) : null };
    },

    async listAds(access) {
      const ads = campaignsOf(access.externalAccount)
        .filter((c) => c.objective !== 'OUTCOME_AWARENESS')
        .map((c) => ({ adId: c.adId, campaignId: c.campaignId }));
      return { ads, after: null };
    },

    async listLeads(access, query) {
      const account = access.externalAccount;
      const campaign = campaignsOf(account).find((c) => c.adId === query.adId);
      if (!campaign) return { leads: [], after: null };
      const at = now();
      const nowMs = at.getTime();
      const afterMs = query.createdAfter?.getTime() ?? Number.NEGATIVE_INFINITY;
      const from = query.createdAfter ? utcDay(query.createdAfter) : campaign.firstDay;
      const hint = options.describe?.(account) ?? null;
      const accountKey = String(hashLabel(seed, `leadgen/${account}`) % 1_000_000).padStart(6, '0');
      const all: VendorAdLead[] = [];
      // Newest first, as Graph lists them. Days are stepped in UTC milliseconds: calendar
      // arithmetic through time zones costs more than the rest of a backfill's leads.
      const first = from > campaign.firstDay ? from : campaign.firstDay;
      const firstMs = Date.parse(`${first}T00:00:00Z`);
      for (let dayMs = Date.parse(`${utcDay(at)}T00:00:00Z`); dayMs >= firstMs; dayMs -= DAY_MS) {
        const day = new Date(dayMs).toISOString().slice(0, 10);
        const times = leadTimes(account, campaign, day);
        const dayIndex = dayIndexOf(day);
        for (let k = times.length - 1; k >= 0; k--) {
          const time = times[k] as number;
          if (time <= afterMs || time > nowMs) continue;
          all.push({
            leadgenId: `5${accountKey}${String(dayIndex).padStart(5, '0')}${campaign.index}${String(k).padStart(2, '0')}`,
            formId: campaign.formId,
            adId: campaign.adId,
            campaignId: campaign.campaignId,
            createdTime: new Date(time),
            fieldData: demoLeadFields(seed, account, hint, {
              dayIndex,
              campaignIndex: campaign.index,
              k,
            }),
          });
        }
      }
      const offset = query.after ? Number(query.after) || 0 : 0;
      const leads = all.slice(offset, offset + query.pageSize);
      const more = offset + leads.length < all.length;
      return { leads, after: more ? String(offset + leads.length) : null };
    },
  };
}

function weekendFactor(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 ? 0.8 : 1;
}
