import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, notifications } from '../../kernel/db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import type { DomainEvent, EventPublisher } from '../realtime/event-bus';
import { createApprovalRequests } from './approval-requests';

/**
 * Asking a client to approve a held staff write, as posts and review replies both do: the
 * pending notification on a real database, and the event the client's open tabs get.
 */
let database: TestDatabase;
let companyId = 0;
const published: DomainEvent[] = [];
const events: EventPublisher = { publish: (event) => void published.push(event as DomainEvent) };

beforeAll(async () => {
  database = await createTestDatabase();
  const [company] = await database.db
    .insert(clientCompanies)
    .values({ name: 'Approval Test Bakery', label: 'approval-test' })
    .returning();
  companyId = company?.id ?? 0;
});
afterAll(async () => {
  await database?.close();
});

describe('approval requests', () => {
  it('stores a pending approval for the held write and tells only that client at once', async () => {
    const approvals = createApprovalRequests(database.db, events);
    const id = await approvals.request({
      companyId,
      kind: 'review_reply',
      outboxId: 4242,
      title: "Approve a reply to Ann's review",
      body: 'Thank you, Ann!',
    });
    const [row] = await database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({
      companyId,
      kind: 'review_reply',
      title: "Approve a reply to Ann's review",
      body: 'Thank you, Ann!',
      state: 'pending',
      outboxId: 4242,
      actedAt: null,
      actedBy: null,
      readAt: null,
    });
    expect(published).toEqual([
      {
        type: 'notification.changed',
        payload: { id, companyId, state: 'pending', actedAt: null, actedBy: null },
        audience: { client: companyId },
      },
    ]);
  });

  it('keeps each request its own row, whatever held write it stands for', async () => {
    const approvals = createApprovalRequests(database.db, events);
    const request = {
      companyId,
      kind: 'post' as const,
      outboxId: 7,
      title: 'Approve a post',
      body: '',
    };
    const first = await approvals.request(request);
    const second = await approvals.request({ ...request, outboxId: 8 });
    expect(second).not.toBe(first);
    const rows = await database.db
      .select({ kind: notifications.kind, outboxId: notifications.outboxId })
      .from(notifications)
      .where(and(eq(notifications.companyId, companyId), eq(notifications.kind, 'post')))
      .orderBy(asc(notifications.id));
    expect(rows).toEqual([
      { kind: 'post', outboxId: 7 },
      { kind: 'post', outboxId: 8 },
    ]);
  });
});
