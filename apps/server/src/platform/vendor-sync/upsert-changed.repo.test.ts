import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { upsertChanged } from './upsert-changed';

// A table of this test's own: the helper is about SQL, not about any area's rows.
const probe = pgTable('upsert_changed_probe', {
  id: integer('id').primaryKey(),
  name: text('name'),
  views: integer('views'),
  syncedAt: timestamp('synced_at', { withTimezone: true }),
});

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`create table upsert_changed_probe (id integer primary key, name text, views integer, synced_at timestamptz)`,
  );
});
afterAll(() => database?.close());

async function upsert(row: typeof probe.$inferInsert) {
  return database.db
    .insert(probe)
    .values(row)
    .onConflictDoUpdate(
      upsertChanged(probe, {
        target: probe.id,
        update: ['name', 'syncedAt'],
        expressions: { views: sql`coalesce(excluded.views, ${probe.views})` },
        changedWhen: ['name', 'views'],
      }),
    )
    .returning({ id: probe.id });
}

describe('upsertChanged', () => {
  it('inserts, then rewrites a row only when a watched value changes', async () => {
    const first = new Date('2026-11-01T00:00:00Z');
    expect(await upsert({ id: 1, name: 'Main St', views: 5, syncedAt: first })).toHaveLength(1);

    // The same page again, seen later: nothing is written, not even the sync time.
    expect(await upsert({ id: 1, name: 'Main St', views: 5, syncedAt: new Date() })).toEqual([]);
    // No views sent: the expression keeps the stored 5, which is no change either.
    expect(await upsert({ id: 1, name: 'Main St', views: null, syncedAt: new Date() })).toEqual([]);
    let [row] = await database.db.select().from(probe);
    expect(row).toMatchObject({ name: 'Main St', views: 5, syncedAt: first });

    // A new name (NULL-safe: to null counts too) is written with its sync time.
    const later = new Date('2026-11-02T00:00:00Z');
    expect(await upsert({ id: 1, name: null, views: 7, syncedAt: later })).toHaveLength(1);
    [row] = await database.db.select().from(probe);
    expect(row).toMatchObject({ name: null, views: 7, syncedAt: later });
  });

  it('refuses a column the table does not have', () => {
    expect(() =>
      upsertChanged(probe, {
        target: probe.id,
        update: ['nope' as 'name'],
        changedWhen: ['name'],
      }),
    ).toThrow('nope is not a column');
  });
});
