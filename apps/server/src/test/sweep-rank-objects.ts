import { sql } from 'drizzle-orm';
import type { Db } from '../kernel/db/database';
import { gridScans, rankGifs } from '../kernel/db/schema';

/**
 * For the authorization sweep, which puts client A's company id into every `:id`: a finished
 * scan and a rank GIF of client A with exactly that id, so the routes that take a scan or GIF
 * id (share links, GIFs) are checked against a real object of A rather than a 404 for all.
 * The sequences are moved past the explicit ids so that later inserts do not collide.
 */
export async function seedScanAndGifOfA(db: Db, companyA: number): Promise<void> {
  await db.insert(gridScans).values({
    id: companyA,
    companyId: companyA,
    keyword: 'sweep keyword',
    size: 3,
    radius: 1,
    unit: 'mi',
    centerLat: 30.27,
    centerLng: -97.74,
    status: 'done',
    pointsTotal: 9,
    pointsDone: 9,
    finishedAt: new Date(),
  });
  await db.insert(rankGifs).values({
    id: companyA,
    companyId: companyA,
    scanId: companyA,
    keyword: 'sweep keyword',
    size: 3,
    radius: 1,
    unit: 'mi',
    status: 'done',
    framesTotal: 3,
    framesDone: 3,
    gif: new TextEncoder().encode('GIF89a'),
  });
  for (const table of ['grid_scans', 'rank_gifs']) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
    );
  }
}
