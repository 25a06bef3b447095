import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedReport } from '../../seed/demo-agency';
import { createSeededTestDatabase, type TestDatabase } from '../../test/test-database';

/**
 * The demo's review-request history follows the rules the sender enforces: one request per
 * contact per 30 days, sends within 8:00–21:00 of the customer's zone, nothing left to send,
 * and each "reviewed" request tied to a real review by its customer.
 */
const ANCHOR = new Date('2026-11-22T00:00:00Z');
let database: TestDatabase;
let report: SeedReport;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  ({ database, report } = await createSeededTestDatabase(ANCHOR));
}, 240_000);
afterAll(async () => {
  await database?.close();
});

describe('review solicitation demo history', () => {
  it('is modest, quick, and spread over statuses in the last 90 days', async () => {
    process.stdout.write(
      `\n[demo seed] review-solicitation: ${report.areas?.['review-solicitation']} ms\n`,
    );
    const byStatus = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from solicitation_requests group by status`,
    );
    const counts = Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]));
    for (const status of ['delivered', 'sent', 'clicked', 'reviewed', 'failed', 'opted_out'])
      expect(counts[status], status).toBeGreaterThan(0);
    expect(counts.scheduled ?? 0).toBe(0);
    expect(counts.queued ?? 0).toBe(0);
    expect(counts.held ?? 0).toBe(0);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(1500);
    const [span] = await rows<{ oldest: Date; newest: Date }>(
      sql`select min(created_at) as oldest, max(created_at) as newest from solicitation_requests`,
    );
    expect(new Date(span?.newest ?? 0).getTime()).toBeLessThan(ANCHOR.getTime());
    expect(ANCHOR.getTime() - new Date(span?.oldest ?? 0).getTime()).toBeLessThan(91 * 86_400_000);
  });

  it('never asks a contact twice in 30 days and sends only in sending hours', async () => {
    const [twice] = await rows<{ n: number }>(sql`
      select count(*)::int as n from solicitation_requests a
      join solicitation_requests b on a.contact_id = b.contact_id and a.id < b.id
      where abs(extract(epoch from a.created_at - b.created_at)) < 30 * 86400`);
    expect(Number(twice?.n)).toBe(0);
    const [outside] = await rows<{ n: number }>(sql`
      select count(*)::int as n from solicitation_messages m
      join solicitation_requests r on r.id = m.request_id
      join solicitation_contacts c on c.id = r.contact_id
      where m.sent_at is not null
        and extract(hour from m.sent_at at time zone c.time_zone) not between 8 and 20`);
    expect(Number(outside?.n)).toBe(0);
    const [unsent] = await rows<{ n: number }>(sql`
      select count(*)::int as n from solicitation_messages
      where status in ('scheduled', 'queued', 'sending', 'held')`);
    expect(Number(unsent?.n)).toBe(0);
  });

  it('ties every reviewed request to its customer’s review, after the click', async () => {
    const reviewed = await rows<{ ok: boolean }>(sql`
      select (rv.id is not null
        and lower(rv.reviewer_name) = lower(trim(c.first_name || ' ' || c.last_name))
        and r.clicked_at < r.reviewed_at and r.created_at < r.clicked_at) as ok
      from solicitation_requests r
      join solicitation_contacts c on c.id = r.contact_id
      left join reviews rv on rv.id = r.review_id and rv.company_id = r.company_id
      where r.status = 'reviewed'`);
    expect(reviewed.length).toBeGreaterThan(0);
    expect(reviewed.every((r) => r.ok)).toBe(true);
  });
});
