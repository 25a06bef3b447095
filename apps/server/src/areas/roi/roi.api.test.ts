import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../kernel/db/schema';
import { type AreaCallers, seedAreaCallers } from '../../test/area-callers';
import { createTestApp, sessionCookieOf, TEST_ORIGIN } from '../../test/test-app';
import { seedRoiCompanies } from './roi.test-data';
import { monthSpans } from './roi-figures';
import { feeShare } from './roi-spend';

let app: FastifyInstance;
let callers: AreaCallers;
let ids: Awaited<ReturnType<typeof seedRoiCompanies>>;
let adminCookie: string;

const TWO_MONTHS = 'from=2025-01-01&to=2025-02-28';

function call(cookie: string | null, options: Omit<InjectOptions, 'headers'>) {
  return app.inject({
    ...options,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  } as InjectOptions);
}
const roi = (cookie: string | null, companyId: number, query = TWO_MONTHS) =>
  call(cookie, { method: 'GET', url: `/api/uni/client/roi/${companyId}?${query}` });
const setAverage = (cookie: string | null, companyId: number, payload: unknown) =>
  call(cookie, {
    method: 'PUT',
    url: `/api/uni/client/roi/${companyId}/settings`,
    payload: payload as object,
  });

beforeAll(async () => {
  ({ app } = await createTestApp());
  const db = app.database.db;
  ids = await seedRoiCompanies(db, 'Roi');
  callers = await seedAreaCallers(app, db, {
    companyId: ids.companyA,
    otherCompanyId: ids.companyB,
    tag: 'roi',
  });
  const [admin] = await db
    .insert(users)
    .values({ email: 'admin@roi.test', firstName: 'Ada', lastName: 'Admin', admin: true })
    .returning();
  adminCookie = await sessionCookieOf(app, admin?.id ?? 0);
});
afterAll(() => app.close());

type Channel = { channel: string } & Record<string, unknown>;
const channelOf = (body: { channels: Channel[] }, channel: string) =>
  body.channels.find((c) => c.channel === channel);

describe('GET /api/uni/client/roi/:id', () => {
  it('sums ad spend, fees, leads and won value for the range, with the default job value', async () => {
    const res = await roi(callers.client, ids.companyA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.range).toEqual({ from: '2025-01-01', to: '2025-02-28' });
    expect(body.timeZone).toBe('America/Chicago');
    expect(body.settings).toEqual({ avgJobValueCents: 50_000, isDefault: true, canChange: true });
    // Ads: Google 31×100 + 50 + 28×200 = 8,750 (not the ad rows, not December, not the
    // mislinked account); LSA 1,000 + 2,000; Facebook 500 + 300 + 400.
    // Fees: 31,000 + 62,000 + 28,000 + 14,000; the void invoice is left out.
    // Leads: 6 (3 in January, 3 in February), 4 won: 120,000 of their own + 2 × 50,000.
    expect(body.totals).toEqual({
      spendCents: 147_950,
      adSpendCents: 12_950,
      feesCents: 135_000,
      leads: 6,
      won: 4,
      wonValueCents: 220_000,
      estimatedValueCents: 100_000,
      wonWithoutValue: 2,
      costPerLeadCents: 24_658,
      returnOnSpend: 1.49,
      winRate: 0.667,
    });
    expect(body.notes.wonValue).toContain('$500.00, the default');
    for (const note of Object.values(body.notes)) expect(String(note).length).toBeGreaterThan(20);
  });

  it('splits the range by local month', async () => {
    const body = (await roi(callers.client, ids.companyA)).json();
    expect(body.months.map((m: { month: string }) => m.month)).toEqual(['2025-01', '2025-02']);
    const [jan, feb] = body.months;
    expect(jan).toMatchObject({
      from: '2025-01-01',
      to: '2025-01-31',
      adSpendCents: 3150 + 1000 + 800,
      feesCents: 93_000,
      // The LSA lead at 05:59 UTC on 02/01 is 01/31 in Chicago.
      leads: 3,
      won: 2,
      wonValueCents: 150_000,
    });
    expect(feb).toMatchObject({
      adSpendCents: 5600 + 2000 + 400,
      feesCents: 42_000,
      leads: 3,
      won: 2,
      wonValueCents: 70_000,
    });
  });

  it('splits by channel, with null ratios over nothing', async () => {
    const body = (await roi(callers.client, ids.companyA)).json();
    expect(body.channels.map((c: Channel) => c.channel)).toEqual([
      'google_ads',
      'lsa',
      'facebook',
      'calls_website',
      'other',
    ]);
    expect(channelOf(body, 'google_ads')).toMatchObject({
      label: 'Google Ads',
      adSpendCents: 8750,
      feesCents: 59_000,
      leads: 2,
      won: 2,
      wonValueCents: 150_000,
      costPerLeadCents: 33_875,
    });
    // Spend but nothing won: a real 0 return; leads but no spend: a real $0 per lead.
    expect(channelOf(body, 'lsa')).toMatchObject({
      spendCents: 17_000,
      leads: 1,
      returnOnSpend: 0,
    });
    expect(channelOf(body, 'facebook')).toMatchObject({
      spendCents: 1200,
      leads: 0,
      costPerLeadCents: null,
      winRate: null,
      returnOnSpend: 0,
    });
    expect(channelOf(body, 'calls_website')).toMatchObject({
      spendCents: 0,
      leads: 2,
      won: 1,
      wonValueCents: 20_000,
      costPerLeadCents: 0,
      returnOnSpend: null,
    });
    expect(channelOf(body, 'other')).toMatchObject({
      feesCents: 62_000,
      leads: 1,
      won: 1,
      wonValueCents: 50_000,
      estimatedValueCents: 50_000,
    });
    const sum = (key: string) =>
      body.channels.reduce((n: number, c: Channel) => n + Number(c[key]), 0);
    for (const key of ['spendCents', 'leads', 'won', 'wonValueCents']) {
      expect(sum(key), key).toBe(body.totals[key]);
    }
  });

  it('counts a fee by the share of its days the range covers', async () => {
    const body = (await roi(callers.client, ids.companyA, 'from=2025-01-16&to=2025-01-31')).json();
    // 16 of January's 31 days: 31,000 → 16,000 and 62,000 → 32,000.
    expect(body.totals.feesCents).toBe(48_000);
    expect(body.months).toHaveLength(1);
    expect(body.months[0]).toMatchObject({
      month: '2025-01',
      from: '2025-01-16',
      to: '2025-01-31',
    });
  });

  it('answers nulls, not zeros, for a company with nothing', async () => {
    const body = (await roi(adminCookie, ids.companyEmpty)).json();
    expect(body.totals).toMatchObject({
      spendCents: 0,
      leads: 0,
      costPerLeadCents: null,
      returnOnSpend: null,
      winRate: null,
    });
    expect(body.months).toHaveLength(2);
  });

  it('defaults to the last 12 months: this month to today and the 11 before it', async () => {
    const body = (await roi(callers.client, ids.companyA, '')).json();
    expect(body.months).toHaveLength(12);
    expect(body.range.from.endsWith('-01')).toBe(true);
  });

  it('refuses bad ranges with field messages', async () => {
    for (const query of [
      'from=2025-01-01',
      'from=2025-02-01&to=2025-01-31',
      'from=2020-01-01&to=2025-01-31',
    ]) {
      const res = await roi(callers.client, ids.companyA, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('is for the company’s members, assigned employees and admins only', async () => {
    for (const who of [callers.client, callers.employee, adminCookie]) {
      expect((await roi(who, ids.companyA)).statusCode).toBe(200);
    }
    for (const who of [callers.stranger, callers.otherEmployee]) {
      const res = await roi(who, ids.companyA);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('147950');
    }
    expect((await roi(null, ids.companyA)).statusCode).toBe(401);
    const employee = (await roi(callers.employee, ids.companyA)).json();
    expect(employee.settings.canChange).toBe(false);
  });

  it('answers through the gateway', async () => {
    const res = await call(callers.client, {
      method: 'POST',
      url: '/database/request',
      payload: {
        method: 'GET',
        url: `/api/uni/client/roi/${ids.companyA}?${TWO_MONTHS}`,
        data: {},
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().totals.spendCents).toBe(147_950);
  });
});

describe('PUT /api/uni/client/roi/:id/settings', () => {
  it('lets the client set the average job value, which then values won leads without one', async () => {
    const res = await setAverage(callers.client, ids.companyA, { avgJobValueCents: 80_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ avgJobValueCents: 80_000, isDefault: false, canChange: true });
    const body = (await roi(callers.employee, ids.companyA)).json();
    expect(body.settings).toMatchObject({ avgJobValueCents: 80_000, isDefault: false });
    expect(body.totals.wonValueCents).toBe(120_000 + 2 * 80_000);
    expect(body.notes.wonValue).toContain('$800.00, as you set it');
    // Set again (an update, not a second row), and zero is a value.
    expect((await setAverage(adminCookie, ids.companyA, { avgJobValueCents: 0 })).statusCode).toBe(
      200,
    );
    expect((await roi(callers.client, ids.companyA)).json().totals.wonValueCents).toBe(120_000);
    await setAverage(callers.client, ids.companyA, { avgJobValueCents: 50_000 });
  });

  it('is the client’s own: employees read it but cannot set it, strangers neither', async () => {
    for (const who of [callers.employee, callers.stranger, callers.otherEmployee]) {
      const res = await setAverage(who, ids.companyA, { avgJobValueCents: 1 });
      expect(res.statusCode).toBe(403);
    }
    expect((await setAverage(null, ids.companyA, { avgJobValueCents: 1 })).statusCode).toBe(401);
    const body = (await roi(callers.client, ids.companyA)).json();
    expect(body.settings.avgJobValueCents).toBe(50_000);
  });

  it('refuses values that are not whole cents between $0 and $1,000,000, with a clear message', async () => {
    const cases: [unknown, string][] = [
      [{ avgJobValueCents: -1 }, 'cannot be negative'],
      [{ avgJobValueCents: 12.5 }, 'whole cents'],
      [{ avgJobValueCents: 100_000_001 }, 'at most $1,000,000'],
      [{ avgJobValueCents: 'lots' }, 'as a number'],
      [{}, 'as a number'],
    ];
    for (const [payload, message] of cases) {
      const res = await setAverage(callers.client, ids.companyA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toContain(message);
    }
  });
});

describe('the overview’s leads and spend', () => {
  const overview = (cookie: string, companyId: number, query: string) =>
    call(cookie, {
      method: 'POST',
      url: `/api/uni/charts/overview/${companyId}?${query}`,
      payload: {},
    });
  type Kpi = { key: string } & Record<string, unknown>;

  it('count leads and spend for the range and the one before, as the ROI center does', async () => {
    const january = 'from=2025-01-01&to=2025-01-31';
    const res = await overview(callers.client, ids.companyA, january);
    expect(res.statusCode).toBe(200);
    const kpis: Kpi[] = res.json().kpis;
    const leads = kpis.find((k) => k.key === 'leads');
    const spend = kpis.find((k) => k.key === 'spend');
    // January: 3 leads; December: the Facebook lead of 12/31.
    expect(leads).toMatchObject({
      label: 'Leads',
      value: 3,
      previous: 1,
      format: 'count',
      link: '/dashboard/leads-center',
    });
    // December: Google 31 × 999 and LSA 777; no invoice.
    expect(spend).toMatchObject({
      label: 'Spend',
      value: 97_950,
      previous: 31 * 999 + 777,
      format: 'money',
      link: '/dashboard/roi-center',
      better: null,
    });
    const roiBody = (await roi(callers.client, ids.companyA, january)).json();
    expect(spend?.value).toBe(roiBody.totals.spendCents);
    expect(leads?.value).toBe(roiBody.totals.leads);
  });

  it('leave spend out where nothing was spent, and show leads as a real zero', async () => {
    const kpis: Kpi[] = (
      await overview(adminCookie, ids.companyEmpty, 'from=2025-01-01&to=2025-01-31')
    ).json().kpis;
    expect(kpis.find((k) => k.key === 'spend')).toBeUndefined();
    expect(kpis.find((k) => k.key === 'leads')).toMatchObject({ value: 0, previous: 0 });
  });
});

describe('spans', () => {
  it('clips the first and last month to the range, across a year end', () => {
    expect(monthSpans({ from: '2024-12-15', to: '2025-02-03' })).toEqual([
      { key: '2024-12', from: '2024-12-15', to: '2024-12-31' },
      { key: '2025-01', from: '2025-01-01', to: '2025-01-31' },
      { key: '2025-02', from: '2025-02-01', to: '2025-02-03' },
    ]);
  });

  it('spreads a fee over the days it bills', () => {
    const line = { from: '2025-02-01', to: '2025-02-28', cents: 28_000 };
    expect(feeShare(line, { from: '2025-02-01', to: '2025-02-28' })).toBe(28_000);
    expect(feeShare(line, { from: '2025-01-01', to: '2025-02-07' })).toBe(7000);
    expect(feeShare(line, { from: '2025-03-01', to: '2025-03-31' })).toBe(0);
  });
});
