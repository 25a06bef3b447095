import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  customerLeads,
  fbadsInsights,
  gadsMetricMonths,
  invoiceLines,
  invoices,
  lsaDaily,
  productInstances,
  vendorConnections,
} from '../../kernel/db/schema';

/** A month row's arrays: `cost` cents on each listed day (1-based), zero elsewhere. */
function monthRow(days: number, cost: (day: number) => number) {
  const zeros = Array.from({ length: days }, () => 0);
  return {
    impressions: zeros,
    clicks: zeros,
    costCents: Array.from({ length: days }, (_, i) => cost(i + 1)),
    calls: zeros,
    forms: zeros,
  };
}

/**
 * Company A's figures for January and February 2025 (America/Chicago), with rows just
 * outside on both sides, and company B's own. The expected sums are worked out in
 * roi.api.test.ts next to each assertion.
 */
export async function seedRoiCompanies(db: Db, tag: string) {
  const [a, b, empty] = await db
    .insert(clientCompanies)
    .values([
      { name: `${tag} Alpha Roofing`, label: `${tag} A`, timeZone: 'America/Chicago' },
      { name: `${tag} Beta Bakery`, label: `${tag} B`, timeZone: 'America/Chicago' },
      { name: `${tag} Gamma Empty`, label: `${tag} C`, timeZone: 'America/Chicago' },
    ])
    .returning();
  const companyA = a?.id ?? 0;
  const companyB = b?.id ?? 0;
  const connection = (companyId: number, vendor: string, account: string) => ({
    companyId,
    vendor,
    externalAccount: account,
  });
  const [gads, lsa, fb, gadsB] = await db
    .insert(vendorConnections)
    .values([
      connection(companyA, 'google-ads', '1112223333'),
      connection(companyA, 'google-ads-lsa', '4445556666'),
      connection(companyA, 'facebook-ads', 'act_77'),
      connection(companyB, 'google-ads', '9998887777'),
    ])
    .returning();
  const product = (companyId: number, slug: string, connectionId: number | null) => ({
    companyId,
    productSlug: slug,
    status: 'active',
    startDate: '2024-06-01',
    monthlyPriceCents: 10_000,
    vendorConnectionId: connectionId,
  });
  await db.insert(productInstances).values([
    product(companyA, 'google-ads', gads?.id ?? null),
    // A second product on the same account counts it once.
    product(companyA, 'ads-xpress', gads?.id ?? null),
    product(companyA, 'local-services-ads', lsa?.id ?? null),
    product(companyA, 'facebook-ads', fb?.id ?? null),
    product(companyA, 'website', null),
    // Mislinked to another company's account: never read for A.
    product(companyA, 'google-ads', gadsB?.id ?? null),
    product(companyB, 'google-ads', gadsB?.id ?? null),
  ]);

  const gadsId = gads?.id ?? 0;
  const metric = (connectionId: number, companyId: number, key: string, month: string) => ({
    connectionId,
    companyId,
    kind: 'campaign',
    entityKey: key,
    month,
  });
  await db.insert(gadsMetricMonths).values([
    // December: 999 a day (outside the range, the overview's previous month).
    { ...metric(gadsId, companyA, 'c1', '2024-12-01'), ...monthRow(31, () => 999) },
    // January: 100 a day, plus 50 on the 1st in a second campaign; February: 200 a day.
    { ...metric(gadsId, companyA, 'c1', '2025-01-01'), ...monthRow(31, () => 100) },
    { ...metric(gadsId, companyA, 'c2', '2025-01-01'), ...monthRow(31, (d) => (d === 1 ? 50 : 0)) },
    { ...metric(gadsId, companyA, 'c1', '2025-02-01'), ...monthRow(28, () => 200) },
    // Not a campaign row: never counted (the reports sum campaigns only).
    {
      ...metric(gadsId, companyA, '123', '2025-01-01'),
      kind: 'ad',
      ...monthRow(31, () => 10_000),
    },
    { ...metric(gadsB?.id ?? 0, companyB, 'b1', '2025-01-01'), ...monthRow(31, () => 70_000) },
  ]);
  const lsaDay = (day: string, spendCents: number) => ({
    connectionId: lsa?.id ?? 0,
    companyId: companyA,
    day,
    spendCents,
    impressions: 0,
    clicks: 0,
    phoneCalls: 0,
  });
  await db
    .insert(lsaDaily)
    .values([
      lsaDay('2024-12-31', 777),
      lsaDay('2025-01-10', 1000),
      lsaDay('2025-02-05', 2000),
      lsaDay('2025-03-01', 888),
    ]);
  const fbDay = (campaignId: string, day: string, spendCents: number) => ({
    connectionId: fb?.id ?? 0,
    companyId: companyA,
    campaignId,
    day,
    spendCents,
  });
  await db
    .insert(fbadsInsights)
    .values([
      fbDay('f1', '2025-01-15', 500),
      fbDay('f2', '2025-01-15', 300),
      fbDay('f1', '2025-02-28', 400),
    ]);

  const invoice = (number: string, start: string, end: string, status = 'open') => ({
    companyId: companyA,
    number: `${tag}-${number}`,
    periodStart: start,
    periodEnd: end,
    issuedOn: start,
    dueOn: end,
    status,
    totalCents: 0,
  });
  const [jan, feb, voided] = await db
    .insert(invoices)
    .values([
      invoice('jan', '2025-01-01', '2025-01-31', 'paid'),
      invoice('feb', '2025-02-01', '2025-02-28'),
      invoice('void', '2025-02-15', '2025-02-28', 'void'),
    ])
    .returning();
  const line = (invoiceId: number, slug: string, start: string, end: string, cents: number) => ({
    invoiceId,
    productSlug: slug,
    description: slug,
    periodStart: start,
    periodEnd: end,
    amountCents: cents,
  });
  await db
    .insert(invoiceLines)
    .values([
      line(jan?.id ?? 0, 'google-ads', '2025-01-01', '2025-01-31', 31_000),
      line(jan?.id ?? 0, 'website', '2025-01-01', '2025-01-31', 62_000),
      line(feb?.id ?? 0, 'google-ads', '2025-02-01', '2025-02-28', 28_000),
      line(feb?.id ?? 0, 'local-services-ads', '2025-02-01', '2025-02-28', 14_000),
      line(voided?.id ?? 0, 'google-ads', '2025-02-15', '2025-02-28', 99_000),
    ]);

  const lead = (
    companyId: number,
    source: string,
    iso: string,
    status: string,
    valueCents: number | null = null,
  ) => ({
    companyId,
    sources: [source],
    firstSource: source,
    status,
    valueCents,
    firstTouchAt: new Date(iso),
    lastTouchAt: new Date(iso),
  });
  await db.insert(customerLeads).values([
    // January in Chicago: the first local midnight, a won lead without a value, and 05:59 UTC
    // on 02/01, still 01/31 in Chicago.
    lead(companyA, 'google_ads', '2025-01-01T06:00:00Z', 'won', 100_000),
    lead(companyA, 'google_ads', '2025-01-20T15:00:00Z', 'won'),
    lead(companyA, 'lsa', '2025-02-01T05:59:00Z', 'lost'),
    // February.
    lead(companyA, 'call', '2025-02-10T15:00:00Z', 'won', 20_000),
    lead(companyA, 'form', '2025-02-11T15:00:00Z', 'new'),
    lead(companyA, 'manual', '2025-02-12T15:00:00Z', 'won'),
    // Outside: 03/01 local midnight; and before: 12/31.
    lead(companyA, 'facebook', '2025-03-01T06:00:00Z', 'won', 5_000),
    lead(companyA, 'facebook', '2024-12-31T18:00:00Z', 'new'),
    lead(companyB, 'google_ads', '2025-01-05T15:00:00Z', 'won', 1_000),
  ]);
  return { companyA, companyB, companyEmpty: empty?.id ?? 0 };
}
