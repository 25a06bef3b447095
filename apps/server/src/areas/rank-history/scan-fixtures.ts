import type { Db } from '../../kernel/db/database';
import { gridScanPoints, gridScans } from '../../kernel/db/schema';

/** Tests only: a scan written straight to the table, finished unless told otherwise. */
export interface ScanFixture {
  companyId: number;
  keyword: string;
  createdAt: Date;
  atrp?: number | null;
  solv?: number | null;
  size?: number;
  radius?: number;
  unit?: 'mi' | 'km';
  status?: 'queued' | 'running' | 'done' | 'failed';
  itemId?: number | null;
  configId?: number | null;
  /** Point states and ranks, row-major; the scan's grid is 3×3 when given. */
  points?: { state: 'found' | 'not_found'; rank: number | null }[];
}

export async function insertScan(db: Db, fixture: ScanFixture): Promise<number> {
  const done = (fixture.status ?? 'done') === 'done';
  const size = fixture.points ? 3 : (fixture.size ?? 7);
  const [row] = await db
    .insert(gridScans)
    .values({
      companyId: fixture.companyId,
      keyword: fixture.keyword,
      size,
      radius: fixture.radius ?? 5,
      unit: fixture.unit ?? 'mi',
      centerLat: 30.2672,
      centerLng: -97.7431,
      status: fixture.status ?? 'done',
      pointsTotal: size * size,
      pointsDone: done ? size * size : 0,
      createdAt: fixture.createdAt,
      finishedAt: done ? new Date(fixture.createdAt.getTime() + 60_000) : null,
      atrp: done ? (fixture.atrp ?? 10) : null,
      solv: done ? (fixture.solv ?? 20) : null,
      arp: done ? 5 : null,
      foundIn: done ? size : null,
      itemId: fixture.itemId ?? null,
      configId: fixture.configId ?? null,
      competitors: done
        ? [
            {
              placeId: 'rival-1',
              name: 'Rival One',
              measured: 9,
              foundIn: 9,
              top3: 5,
              arp: 2,
              atrp: 2,
              solv: 55,
            },
          ]
        : null,
    })
    .returning({ id: gridScans.id });
  if (!row) throw new Error('scan not inserted');
  if (fixture.points) {
    // Row-major 3×3 around the centre: enough geometry for the quadrant figures.
    await db.insert(gridScanPoints).values(
      fixture.points.map((point, index) => ({
        scanId: row.id,
        pointIndex: index,
        lat: 30.2672 + (1 - Math.floor(index / 3)) * 0.05,
        lng: -97.7431 + ((index % 3) - 1) * 0.05,
        state: point.state,
        rank: point.rank,
      })),
    );
  }
  return row.id;
}

export const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
