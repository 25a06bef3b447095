import { sql } from 'drizzle-orm';
import type { Db } from '../kernel/db/database';
import { salesContainers, salesRecommendations } from '../kernel/db/schema';

/**
 * For the authorization sweep: a prospect workspace of client A's company, worked by
 * employee A and named like A, and one recommendation of it, both with client A's company id
 * as their id, so the sales routes (`/api/sales/*`, `/api/external/sales/*`) are checked
 * against a real workspace: another employee must get a 404 without A's name.
 */
export async function seedSalesWorkspaceOfA(
  db: Db,
  companyA: number,
  ownerId: number,
  name: string,
): Promise<void> {
  await db.insert(salesContainers).values({ id: companyA, companyId: companyA, ownerId, name });
  await db.insert(salesRecommendations).values({
    id: companyA,
    containerId: companyA,
    position: 1,
    kind: 'competitor',
    title: `Close the gap for ${name}`,
    body: `${name} ranks 1–3 at 0 of 9 points.`,
    evidence: ['Ranks 1–3 at 0 of 9 points'],
  });
  for (const table of ['sales_containers', 'sales_recommendations']) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
    );
  }
}
