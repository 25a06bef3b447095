import type { ProductSlug, ProductStatus } from '@pinpoint/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, productInstances, qaQuestions } from '../../kernel/db/schema';
import { createRandom } from '../../kernel/demo/random';
import { DEMO_SEED } from '../../seed/demo-agency';
import { createSeededTestDatabase, type TestDatabase } from '../../test/test-database';
import { seedQa } from './qa.seed';

const ANCHOR = new Date('2026-11-22T00:00:00Z');
const GOOGLE = [
  'google-business-pro',
  'local-marketing-essentials',
  'tow-marketing-essentials',
  'google-calls-advisor',
];
let database: TestDatabase;

beforeAll(async () => {
  ({ database } = await createSeededTestDatabase(ANCHOR));
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const allRows = () =>
  database.db
    .select()
    .from(qaQuestions)
    .orderBy(asc(qaQuestions.connectionId), asc(qaQuestions.askedAt));

describe('the demo Q&A', () => {
  it('gives each company with a Google product 6–20 questions over 18 months, mostly live', async () => {
    const rows = await allRows();
    const companies = await database.db
      .selectDistinct({ companyId: productInstances.companyId })
      .from(productInstances)
      .where(sql`${productInstances.productSlug} in ${GOOGLE}`);
    const byCompany = new Map<number, typeof rows>();
    for (const row of rows)
      byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
    expect(byCompany.size).toBe(companies.length);
    for (const questions of byCompany.values()) {
      expect(questions.length).toBeGreaterThanOrEqual(6);
      expect(questions.length).toBeLessThanOrEqual(20);
      const states = questions.map((q) => q.answerState);
      expect(states.at(-1)).toBe('none'); // the newest is unanswered
      expect(states.filter((s) => s === 'to_publish').length).toBeGreaterThanOrEqual(1);
      expect(states.filter((s) => s === 'live').length).toBeGreaterThan(questions.length / 2);
      // No question twice on one profile.
      expect(new Set(questions.map((q) => q.text)).size).toBe(questions.length);
    }
    for (const row of rows) {
      expect(row.askedAt.getTime()).toBeLessThan(ANCHOR.getTime());
      expect(row.askedAt.getTime()).toBeGreaterThan(ANCHOR.getTime() - 550 * 86_400_000);
      expect(row.origin).toBe('demo');
      if (row.answerState === 'none') expect(row.answerText).toBeNull();
      else expect(row.answeredAt?.getTime()).toBeGreaterThan(row.askedAt.getTime());
      if (row.answerState === 'live') {
        expect(row.confirmedAt?.getTime()).toBeGreaterThanOrEqual(row.answeredAt?.getTime() ?? 0);
        expect(row.confirmedAt?.getTime()).toBeLessThanOrEqual(ANCHOR.getTime());
      }
      expect(row.answerText ?? '').not.toContain('{name}');
    }
  });

  it('asks about the trade: a plumber is asked about water heaters, a dentist about insurance', async () => {
    const rows = await database.db
      .select({ category: clientCompanies.primaryCategory, text: qaQuestions.text })
      .from(qaQuestions)
      .innerJoin(clientCompanies, eq(clientCompanies.id, qaQuestions.companyId));
    const texts = (category: string) =>
      rows.filter((r) => r.category === category).map((r) => r.text);
    const trade = /water heater|sewer|leak|trip charge|galvanized|plumbers licensed/i;
    expect(texts('Plumber').some((t) => trade.test(t))).toBe(true);
    expect(
      texts('Dentist').some((t) => /patients|insurance|dental|teeth|invisalign/i.test(t)),
    ).toBe(true);
  });

  it('is the same history every time', async () => {
    const before = await allRows();
    const products = await database.db.select().from(productInstances);
    await database.db.delete(qaQuestions);
    await seedQa(
      { tx: database.db, random: createRandom(DEMO_SEED), anchor: ANCHOR },
      products.map((p) => ({
        id: p.id,
        companyId: p.companyId,
        slug: p.productSlug as ProductSlug,
        status: p.status as ProductStatus,
        start: new Date(p.startDate),
        end: null,
      })),
    );
    const after = await allRows();
    const shape = (r: (typeof before)[number]) => [
      r.connectionId,
      r.text,
      r.authorName,
      r.askedAt.toISOString(),
      r.answerState,
      r.answerText,
      r.answeredAt?.toISOString(),
      r.upvotes,
    ];
    expect(after.map(shape)).toEqual(before.map(shape));
    // Its time budget is held in the load tier (seed/seed-budgets.load.test.ts).
  });
});
