import { and, eq, inArray } from 'drizzle-orm';
import { clientCompanies, qaQuestions, vendorConnections } from '../../kernel/db/schema';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import {
  DAY_MS,
  HISTORY_DAYS,
  insertChunked,
  type SeedContext,
} from '../../kernel/demo/seed-context';
import { ASKERS, questionBank } from './qa.seed-bank';

/** The products whose page has Q&A (the catalog's Google Business Profile products). */
const QA_PRODUCTS = new Set([
  'google-business-pro',
  'local-marketing-essentials',
  'tow-marketing-essentials',
  'google-calls-advisor',
]);
const HOUR_MS = 3_600_000;

/**
 * Each demo company's Q&A history on its Business Profile location: 6–20 questions over the
 * 18 months, asked about its trade, most answered and live, the latest one or two still
 * waiting to be published, and the newest ones unanswered. There is no vendor to sync from
 * (Google retired the Q&A API), so the seed writes the rows the page reads directly, in one
 * insert. The overview's seeded activity has its own "Question answered" lines.
 */
export async function seedQa(ctx: SeedContext, products: SeededProduct[]): Promise<void> {
  const companyIds = [
    ...new Set(products.filter((p) => QA_PRODUCTS.has(p.slug)).map((p) => p.companyId)),
  ];
  if (companyIds.length === 0) return;
  const { tx, anchor } = ctx;
  const connections = await tx
    .select({
      id: vendorConnections.id,
      companyId: vendorConnections.companyId,
      name: clientCompanies.name,
      category: clientCompanies.primaryCategory,
    })
    .from(vendorConnections)
    .innerJoin(clientCompanies, eq(clientCompanies.id, vendorConnections.companyId))
    .where(
      and(
        eq(vendorConnections.vendor, 'google-business-profile'),
        inArray(vendorConnections.companyId, companyIds),
      ),
    )
    .orderBy(vendorConnections.id);
  const random = ctx.random.fork('qa');
  const rows: (typeof qaQuestions.$inferInsert)[] = [];
  const seen = new Set<number>();
  for (const connection of connections) {
    // One location per company: its first connection carries the history.
    if (seen.has(connection.companyId)) continue;
    seen.add(connection.companyId);
    const bank = questionBank(connection.category);
    const pairs = random.sample(bank, Math.min(bank.length, random.int(6, 20)));
    // Days ago, oldest first; the newest no older than a few days.
    const ages = pairs
      .map((_, i) =>
        i === 0 ? random.int(1, 6) : i === 1 ? random.int(3, 30) : random.int(7, HISTORY_DAYS - 10),
      )
      .sort((a, b) => b - a);
    // A short history keeps most of it live: one waiting, one unanswered.
    const long = pairs.length >= 10;
    const unanswered = long ? random.int(1, 2) : 1;
    const waiting = long ? random.int(1, 2) : 1;
    pairs.forEach(([question, answer], i) => {
      const fromNewest = pairs.length - 1 - i;
      const askedAt = new Date(
        anchor.getTime() - (ages[i] ?? 1) * DAY_MS + random.int(8, 20) * HOUR_MS,
      );
      const base = {
        companyId: connection.companyId,
        connectionId: connection.id,
        authorName: random.pick(ASKERS),
        text: question,
        askedAt,
        upvotes: random.chance(0.6) ? random.int(0, 14) : 0,
        origin: 'demo',
        createdAt: askedAt,
        updatedAt: askedAt,
      };
      // An older question now and then was missed, and shows with the new ones.
      if (fromNewest < unanswered || (long && fromNewest > 4 && random.chance(0.06))) {
        rows.push(base);
        return;
      }
      const answeredAt = new Date(
        Math.min(anchor.getTime(), askedAt.getTime() + random.int(2, 96) * HOUR_MS),
      );
      const text = answer.replaceAll('{name}', connection.name);
      if (fromNewest < unanswered + waiting) {
        // Written in the last few days, and not yet put on the profile.
        const recent = new Date(
          Math.min(
            anchor.getTime(),
            Math.max(
              askedAt.getTime() + 2 * HOUR_MS,
              anchor.getTime() - random.int(4, 96) * HOUR_MS,
            ),
          ),
        );
        rows.push({
          ...base,
          answerText: text,
          answerState: 'to_publish',
          answeredAt: recent,
          updatedAt: recent,
        });
        return;
      }
      const confirmedAt = new Date(
        Math.min(anchor.getTime(), answeredAt.getTime() + random.int(1, 48) * HOUR_MS),
      );
      rows.push({
        ...base,
        answerText: text,
        answerState: 'live',
        answeredAt,
        confirmedAt,
        updatedAt: confirmedAt,
      });
    });
  }
  await insertChunked(rows, (chunk) => tx.insert(qaQuestions).values(chunk));
}
