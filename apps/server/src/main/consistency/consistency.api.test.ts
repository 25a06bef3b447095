import {
  type ActivityType,
  addCalendarDays,
  type DayRange,
  LEAD_SOURCES,
  type LeadSource,
  previousPeriod,
  rangeInstants,
} from '@pinpoint/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../kernel/db/raw-rows';
import { PRODUCT_PRICES } from '../../kernel/demo/verticals';
import { createTestApp, signInCookie, type TestApp } from '../../test/test-app';
import { createSeededTestDatabase } from '../../test/test-database';
import { lifetimeProblems } from './expected-billing';
import {
  type Channel,
  type SectionProduct,
  type SectionReads,
  sectionReads,
} from './section-reads';

/**
 * Issue 22 "One story": over the demo agency, the sections agree with each other. Every
 * figure is read through its section's own route as admin@, for several companies, and each
 * assertion puts two sections side by side (never a section beside itself):
 * - the leads center's count by source = each source's own page;
 * - ROI's ad spend = the Google Ads, LSA and Facebook Ads reports; ROI's fees = the invoices;
 * - the invoices = the products' monthly prices over their lifetimes, and each product's own
 *   data (leads, ad spend) lies within the lifetime its invoices bill;
 * - review requests marked reviewed = reviews that exist, shown "from a request";
 * - the overview's key figures = the leads center, ROI, activity feed, alerts, notifications.
 * One seeded copy of the demo agency for the file.
 */
const ANCHOR = new Date('2026-11-22T00:00:00Z');
const TODAY = '2026-11-22';
/** Three whole past months, and a range from mid-month to mid-month across a month edge. */
const RANGES: DayRange[] = [
  { from: '2026-08-01', to: '2026-10-31' },
  { from: '2026-03-17', to: '2026-04-09' },
];
const WHOLE_MONTHS = RANGES[0] as DayRange;

/** Which products feed which lead source (lead-sources.ts reads their tables). */
const SOURCE_OF: Record<string, LeadSource> = {
  'local-services-ads': 'lsa',
  'google-calls-advisor': 'call',
  'google-ads': 'google_ads',
  'ads-xpress': 'google_ads',
  'facebook-ads': 'facebook',
  omgincontact: 'form',
  'webworx-professional': 'form',
  'website-hosting': 'form',
  website: 'form',
  powerpage: 'form',
};
const CHANNEL_OF: Record<string, Channel> = {
  'google-ads': 'google_ads',
  'ads-xpress': 'google_ads',
  'local-services-ads': 'lsa',
  'facebook-ads': 'facebook',
};

let t: TestApp;
let read: SectionReads;
/** The companies compared, with their products; chosen so that every source has some. */
let companies: { id: number; products: SectionProduct[] }[] = [];

beforeAll(async () => {
  const { database } = await createSeededTestDatabase(ANCHOR);
  t = await createTestApp({ database });
  read = sectionReads(t.app, await signInCookie(t.app, 'admin@demo.pinpoint.local'));
  const rows = await rawRows<{
    company_id: number;
    id: number;
    slug: string;
    status: string;
    conn: number | null;
  }>(
    t.database.db,
    sql`select company_id, id, product_slug as slug, status, vendor_connection_id as conn
      from product_instances order by company_id, id`,
  );
  const ids = [...new Set(rows.map((r) => Number(r.company_id)))];
  const running = (slug: string) =>
    ids.find((id) =>
      rows.some((r) => r.company_id === id && r.slug === slug && r.status === 'active'),
    );
  const asked = await rawRows<{ company_id: number }>(
    t.database.db,
    sql`select distinct company_id from solicitation_requests where status = 'reviewed' order by 1`,
  );
  // The demo accounts' four companies, the first company running each product that feeds a
  // source, and the first two whose review requests led to reviews.
  const chosen = new Set([
    ...ids.slice(0, 4),
    ...Object.keys(SOURCE_OF).flatMap((slug) => running(slug) ?? []),
    // A company whose product feeding a source was cancelled: its data must stop with its bills.
    ...ids
      .filter((id) =>
        rows.some((r) => r.company_id === id && r.status === 'cancelled' && r.slug in SOURCE_OF),
      )
      .slice(0, 2),
    ...asked.slice(0, 2).map((r) => Number(r.company_id)),
  ]);
  companies = [...chosen].map((id) => ({
    id,
    products: rows
      .filter((r) => r.company_id === id)
      .map((r) => ({ id: Number(r.id), slug: r.slug, vendorConnectionId: r.conn })),
  }));
}, 240_000);
afterAll(async () => {
  await t?.app.close();
  await t?.database.close();
});

/** A company's products of some slugs, one per vendor account (an account counts once). */
function perAccount(products: SectionProduct[], slugs: string[]): SectionProduct[] {
  const seen = new Set<number>();
  return products.filter((p) => {
    if (!slugs.includes(p.slug)) return false;
    if (p.vendorConnectionId === null) return true;
    if (seen.has(p.vendorConnectionId)) return false;
    seen.add(p.vendorConnectionId);
    return true;
  });
}

describe('the demo agency tells one story', () => {
  it("counts each lead source in the leads center as the source's own page does", async () => {
    let nonZero = 0;
    for (const range of RANGES) {
      for (const company of companies) {
        const expected = Object.fromEntries(LEAD_SOURCES.map((s) => [s, 0]));
        for (const product of perAccount(company.products, Object.keys(SOURCE_OF))) {
          const source = SOURCE_OF[product.slug] as LeadSource;
          expected[source] = (expected[source] ?? 0) + (await read.sourceLeads(product, range));
        }
        const center = (await read.leadsCenter(company.id, range)).counts.bySource;
        const label = `company ${company.id} ${range.from}…${range.to}`;
        for (const source of Object.values(SOURCE_OF))
          expect(center[source], `${label} ${source}`).toBe(expected[source]);
        if (Object.values(expected).some((n) => n > 0)) nonZero++;
      }
    }
    expect(nonZero).toBeGreaterThan(companies.length);
  });

  it('spends in ROI what the ads reports spent, and bills in ROI what the invoices bill', async () => {
    for (const range of RANGES) {
      for (const company of companies) {
        const expected: Record<Channel, number> = { google_ads: 0, lsa: 0, facebook: 0 };
        for (const product of perAccount(company.products, Object.keys(CHANNEL_OF))) {
          const channel = CHANNEL_OF[product.slug] as Channel;
          expected[channel] += await read.adSpend(product, range);
        }
        const roi = await read.roi(company.id, range);
        const label = `company ${company.id} ${range.from}…${range.to}`;
        for (const channel of Object.keys(expected) as Channel[])
          expect(roi.channels.find((c) => c.channel === channel)?.adSpendCents, label).toBe(
            expected[channel],
          );
      }
    }
    // Fees: over whole months, ROI's fees are the lines billed for those months (void
    // invoices aside), cent for cent.
    for (const company of companies) {
      const lines = (await read.invoices(company.id))
        .filter((invoice) => invoice.status !== 'void')
        .flatMap((invoice) => invoice.lines)
        .filter((l) => l.periodStart >= WHOLE_MONTHS.from && l.periodEnd <= WHOLE_MONTHS.to);
      const roi = await read.roi(company.id, WHOLE_MONTHS);
      expect(roi.totals.feesCents, `company ${company.id}`).toBe(
        lines.reduce((sum, l) => sum + l.amountCents, 0),
      );
    }
  });

  it("bills every product's lifetime at its monthly price, near the catalog's price", async () => {
    let lines = 0;
    for (const company of companies) {
      const [products, invoices] = await Promise.all([
        read.products(company.id),
        read.invoices(company.id),
      ]);
      const all = invoices.flatMap((invoice) => invoice.lines);
      lines += all.length;
      const problems = products.flatMap((product) => {
        // The catalog's typical price (verticals.ts), which each client's price is near.
        const typical = PRODUCT_PRICES[product.slug as keyof typeof PRODUCT_PRICES] * 100;
        const near =
          product.monthlyPriceCents >= Math.floor(typical * 0.85 - 500) &&
          product.monthlyPriceCents <= Math.ceil(typical * 1.2 + 500);
        return [
          ...(near ? [] : [`${product.slug} #${product.id}: $${product.monthlyPriceCents / 100}`]),
          ...lifetimeProblems(
            product,
            all.filter((l) => l.productInstanceId === product.id),
            TODAY,
          ),
        ];
      });
      // Nothing billed for a product the company does not have.
      const known = new Set(products.map((p) => p.id));
      for (const line of all)
        if (line.productInstanceId === null || !known.has(line.productInstanceId))
          problems.push(`line ${line.id} bills product ${line.productInstanceId}`);
      expect(problems, `company ${company.id}`).toEqual([]);
      for (const invoice of invoices)
        expect(invoice.totalCents).toBe(invoice.lines.reduce((s, l) => s + l.amountCents, 0));
    }
    expect(lines).toBeGreaterThan(companies.length * 6);
  });

  it("has a product's own data only within the lifetime its invoices bill", async () => {
    let windows = 0;
    let afterCancelled = 0;
    const problems: string[] = [];
    for (const company of companies) {
      const lines = (await read.invoices(company.id)).flatMap((invoice) => invoice.lines);
      for (const product of company.products) {
        if (!(product.slug in SOURCE_OF)) continue;
        // An account shared with another product shows that product's data too.
        const shared = company.products.some(
          (p) =>
            p.id !== product.id &&
            p.vendorConnectionId !== null &&
            p.vendorConnectionId === product.vendorConnectionId,
        );
        if (shared) continue;
        const own = lines
          .filter((l) => l.productInstanceId === product.id)
          .sort((a, b) => a.periodStart.localeCompare(b.periodStart));
        const first = own[0]?.periodStart ?? TODAY;
        const last = own.at(-1)?.periodEnd ?? TODAY;
        const outside: DayRange[] = [
          { from: addCalendarDays(first, -180), to: addCalendarDays(first, -1) },
        ];
        // A cancelled product's last billed day is its last day of service.
        if (last < addCalendarDays(TODAY, -1)) {
          outside.push({ from: addCalendarDays(last, 1), to: addCalendarDays(TODAY, -1) });
          afterCancelled++;
        }
        for (const range of outside) {
          const label = `${product.slug} #${product.id} ${range.from}…${range.to}`;
          const leads = await read.sourceLeads(product, range);
          const spend = product.slug in CHANNEL_OF ? await read.adSpend(product, range) : 0;
          if (leads !== 0 || spend !== 0) problems.push(`${label}: ${leads} leads, ${spend} cents`);
          windows++;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(windows).toBeGreaterThan(companies.length);
    expect(afterCancelled).toBeGreaterThan(0);
  });

  it('leads every review request marked reviewed to a review that exists, after the click', async () => {
    const rows = await rawRows<{ company_id: number; product_id: number }>(
      t.database.db,
      sql`select distinct company_id, product_id from solicitation_requests order by 1, 2`,
    );
    const chosen = new Set(companies.map((c) => c.id));
    let matched = 0;
    for (const companyId of new Set(rows.map((r) => Number(r.company_id)))) {
      if (!chosen.has(companyId)) continue;
      const reviewed = [];
      for (const r of rows.filter((row) => Number(row.company_id) === companyId))
        reviewed.push(...(await read.requests(Number(r.product_id), 'reviewed')));
      const reviews = await read.reviews(companyId);
      const fromRequest = reviews.filter((r) => r.fromRequest);
      // One review counts for one request, so both sides count the same.
      expect(fromRequest.length, `company ${companyId}`).toBe(reviewed.length);
      for (const request of reviewed) {
        // The reviewer is the customer asked: "Ann Lee", or "Ann L." as Google shortens it.
        const name = request.contactName.toLowerCase();
        const [first = '', ...rest] = name.split(' ');
        const short = `${first} ${rest.join(' ').slice(0, 1)}.`;
        const review = fromRequest.find(
          (r) =>
            r.publishedAt === request.reviewedAt &&
            [name, short].includes(r.reviewerName.toLowerCase()),
        );
        expect(review, `request ${request.id} of company ${companyId}`).toBeDefined();
        expect(request.clickedAt).not.toBeNull();
        expect(Date.parse(request.clickedAt ?? '')).toBeLessThanOrEqual(
          Date.parse(request.reviewedAt ?? ''),
        );
        matched++;
      }
    }
    expect(matched).toBeGreaterThan(0);
  });

  it("shows on the overview the sections' own key figures", async () => {
    const kinds: Record<string, ActivityType> = {
      posts_published: 'post_published',
      reviews_replied: 'review_replied',
      listings_updated: 'listing_updated',
    };
    for (const range of RANGES) {
      for (const company of companies) {
        const overview = await read.overview(company.id, range);
        const previous = previousPeriod(range);
        expect(overview.previousRange).toEqual(previous);
        const kpi = (key: string) => overview.kpis.find((k) => k.key === key);
        const label = (key: string) => `company ${company.id} ${range.from}…${range.to} ${key}`;
        /** A KPI is the section's pair of figures, or absent when both are zero (if it may be). */
        const agrees = (key: string, now: number, before: number, omitsZero: boolean) => {
          const card = kpi(key);
          if (omitsZero && now === 0 && before === 0) expect(card, label(key)).toBeUndefined();
          else expect([card?.value, card?.previous], label(key)).toEqual([now, before]);
        };

        const [center, centerBefore, roi, roiBefore] = await Promise.all([
          read.leadsCenter(company.id, range),
          read.leadsCenter(company.id, previous),
          read.roi(company.id, range),
          read.roi(company.id, previous),
        ]);
        agrees('leads', center.counts.leads, centerBefore.counts.leads, false);
        // ROI's own lead count is the same rule again.
        expect(roi.totals.leads, label('roi leads')).toBe(center.counts.leads);
        const spend = (r: typeof roi) => r.totals.adSpendCents + r.totals.feesCents;
        agrees('spend', spend(roi), spend(roiBefore), true);

        agrees(
          'work_done',
          await read.activityTotal(company.id, range),
          await read.activityTotal(company.id, previous),
          false,
        );
        for (const [key, type] of Object.entries(kinds))
          agrees(
            key,
            await read.activityTotal(company.id, range, type),
            await read.activityTotal(company.id, previous, type),
            true,
          );

        const zone = overview.timeZone;
        const within = (at: string | null, days: DayRange) => {
          const { start, end } = rangeInstants(days, zone);
          const time = at === null ? Number.NaN : Date.parse(at);
          return time >= start.getTime() && time < end.getTime();
        };
        const alerts = await read.alerts(company.id);
        agrees(
          'alerts_raised',
          alerts.filter((a) => within(a.createdAt, range)).length,
          alerts.filter((a) => within(a.createdAt, previous)).length,
          false,
        );
        const decided = (await read.notifications(company.id)).filter((n) =>
          ['approved', 'declined'].includes(n.state),
        );
        agrees(
          'approvals_handled',
          decided.filter((n) => within(n.actedAt, range)).length,
          decided.filter((n) => within(n.actedAt, previous)).length,
          false,
        );
      }
    }
  });
});
