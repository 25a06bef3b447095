import { createRandom, hash32 } from '../../kernel/demo/random';
import { HOSTING_VENDOR } from '../kernel/vendor-ids';
import { type HostingProvider, monthsBetween, type VendorHostingAccount } from './port';

const DAY = 86_400_000;
const PLANS = [
  { plan: 'Starter (5 GB)', diskQuotaMb: 5_120, bandwidthQuotaMb: 51_200 },
  { plan: 'Business (20 GB)', diskQuotaMb: 20_480, bandwidthQuotaMb: 204_800 },
  { plan: 'Pro (50 GB)', diskQuotaMb: 51_200, bandwidthQuotaMb: null },
] as const;

/** The account's fixed traits, from its id alone. */
function traitsOf(account: string) {
  const random = createRandom(hash32(account), 'hosting');
  const plan = PLANS[random.int(0, PLANS.length - 1)] ?? PLANS[0];
  const host =
    account
      .replace(/[^a-z0-9]+/gi, '')
      .toLowerCase()
      .slice(0, 18) || 'site';
  return {
    ...plan,
    domain: `${host}.example.com`,
    /** Disk in use 18 months ago, and its monthly growth (uploads, backups, logs). */
    baseDiskMb: Math.round(plan.diskQuotaMb * random.between(0.12, 0.3)),
    diskGrowthMb: Math.round(plan.diskQuotaMb * random.between(0.004, 0.02)),
    /** Typical monthly transfer and how busy the summer is. */
    baseBandwidthMb: Math.round(random.between(1_500, 9_000)),
    summerLift: random.between(0.05, 0.35),
    renewalDayOfYear: random.int(0, 364),
    certPhaseDays: random.int(0, 59),
    noise: hash32(`${account}/noise`),
  };
}

/** A deterministic wobble in [-1, 1] for (account, month). */
function wobble(seed: number, month: string): number {
  return (hash32(`${seed}/${month}`) / 0xffff_ffff) * 2 - 1;
}

/**
 * The demo host: deterministic per account and clock. Disk grows month by month from
 * where it stood 18 months ago; bandwidth follows a seasonal curve with some wobble;
 * Let's Encrypt certificates are renewed every 60 days and last 90; the domain renews
 * yearly on the account's own day.
 */
export function createHostingDemo(options: { now?: () => Date } = {}): HostingProvider {
  const now = options.now ?? (() => new Date());
  const monthIndex = (month: string, at: Date) =>
    (at.getUTCFullYear() - Number(month.slice(0, 4))) * 12 +
    (at.getUTCMonth() + 1 - Number(month.slice(5, 7)));
  const diskAt = (t: ReturnType<typeof traitsOf>, month: string, at: Date) => {
    const monthsAgo = Math.max(0, monthIndex(month, at));
    const grown = t.baseDiskMb + t.diskGrowthMb * Math.max(0, 18 - monthsAgo);
    return Math.min(
      Math.round(t.diskQuotaMb * 0.97),
      Math.round(grown * (1 + wobble(t.noise, month) * 0.02)),
    );
  };
  return {
    vendor: HOSTING_VENDOR,
    mode: 'demo',
    async getAccount(access): Promise<VendorHostingAccount> {
      const t = traitsOf(access.externalAccount);
      const at = now();
      const thisMonth = at.toISOString().slice(0, 7);
      const year = at.getUTCFullYear();
      let renews = new Date(Date.UTC(year, 0, 1) + t.renewalDayOfYear * DAY);
      if (renews.getTime() <= at.getTime())
        renews = new Date(Date.UTC(year + 1, 0, 1) + t.renewalDayOfYear * DAY);
      const cycle = 60 * DAY;
      const issued =
        Math.floor((at.getTime() - t.certPhaseDays * DAY) / cycle) * cycle + t.certPhaseDays * DAY;
      return {
        plan: t.plan,
        domain: t.domain,
        domainRenewsOn: renews.toISOString().slice(0, 10),
        diskQuotaMb: t.diskQuotaMb,
        bandwidthQuotaMb: t.bandwidthQuotaMb,
        diskUsedMb: diskAt(t, `${thisMonth}-01`, at),
        ssl: {
          issuer: "Let's Encrypt (R11)",
          subject: t.domain,
          expiresAt: new Date(issued + 90 * DAY),
        },
      };
    },
    async listMonths(access, range) {
      const t = traitsOf(access.externalAccount);
      const at = now();
      const current = `${at.toISOString().slice(0, 7)}-01`;
      return monthsBetween(range.from, range.to)
        .filter((month) => month <= current)
        .map((month) => {
          const m = Number(month.slice(5, 7));
          const season = 1 + t.summerLift * Math.cos(((m - 7) / 12) * 2 * Math.PI);
          let bandwidth = t.baseBandwidthMb * season * (1 + wobble(t.noise, `bw${month}`) * 0.15);
          // This month so far: the share of its days gone by.
          if (month === current) {
            const days = new Date(
              Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0),
            ).getUTCDate();
            bandwidth *= at.getUTCDate() / days;
          }
          return {
            month,
            bandwidthUsedMb: Math.round(bandwidth),
            diskUsedMb: diskAt(t, month, at),
          };
        });
    },
  };
}
