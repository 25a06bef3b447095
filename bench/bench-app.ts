import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ScanRow } from '../apps/server/src/areas/rank-grid/rank-grid.repository';
import { SCAN_POINT_JOB } from '../apps/server/src/areas/rank-grid/scan-point.job';
import { type AppConfig, loadConfig, type SearchConfig } from '../apps/server/src/config/config';
import { clientCompanies, competitors } from '../apps/server/src/kernel/db/schema';
import { createRandom } from '../apps/server/src/kernel/demo/random';
import { buildApp } from '../apps/server/src/main/app';

/**
 * The whole server as `npm start` builds it (buildApp, PGlite in memory, job workers on),
 * without the demo agency: a small market of our own is enough to scan and keeps start-up
 * out of the figures.
 */
export async function benchApp(options: {
  pointConcurrency: number;
  search?: Partial<SearchConfig>;
  /** A PostgreSQL database of the bench's own; PGlite in memory without one. */
  postgresUrl?: string | null;
}): Promise<FastifyInstance> {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PINPOINT_DEMO: '0' });
  const config: AppConfig = {
    ...base,
    database: options.postgresUrl
      ? { kind: 'postgres', url: options.postgresUrl }
      : { kind: 'pglite', dataDir: null },
    jobs: { workers: true, concurrency: { [SCAN_POINT_JOB]: options.pointConcurrency } },
    search: { ...base.search, ...options.search },
  };
  return buildApp({ config });
}

/** Downtown Austin; the market below imitates the demo seed around it. */
const AUSTIN = { lat: 30.2672, lng: -97.7431 };
const TRADES = [
  ['Plumber', 'plumber'],
  ['HVAC contractor', 'ac repair'],
  ['Dentist', 'dentist'],
  ['Electrician', 'electrician'],
  ['Roofing contractor', 'roofer'],
] as const;

export interface BenchCompany {
  id: number;
  keyword: string;
}

/** Five clients of different trades with 12 competitors each within 8 km, as the seed has. */
export async function seedMarket(app: FastifyInstance): Promise<BenchCompany[]> {
  const random = createRandom(42, 'bench-market');
  const near = (km: number) => ({
    latitude: AUSTIN.lat + random.between(-km, km) / 111.32,
    longitude: AUSTIN.lng + random.between(-km, km) / 96.2,
  });
  const companies: BenchCompany[] = [];
  for (const [index, [category, keyword]] of TRADES.entries()) {
    const at = near(3);
    const [company] = await app.database.db
      .insert(clientCompanies)
      .values({
        name: `Bench ${category} ${index}`,
        label: `Bench ${index}`,
        googlePlaceId: `ChIJ-bench-${index}`,
        primaryCategory: category,
        ...at,
      })
      .returning({ id: clientCompanies.id });
    if (!company) throw new Error('bench company not stored');
    await app.database.db.insert(competitors).values(
      Array.from({ length: 12 }, (_, i) => ({
        companyId: company.id,
        name: `Rival ${category} ${i}`,
        placeId: `ChIJ-bench-${index}-${i}`,
        category,
        address: `${i} Congress Ave, Austin, TX 78701`,
        ...near(8),
        rating: Math.round(random.between(3.4, 4.95) * 10) / 10,
        reviewCount: Math.round(5 + random.float() ** 3 * 900),
      })),
    );
    companies.push({ id: company.id, keyword });
  }
  return companies;
}

/** Resolves with each scan's final row as its last point job finishes it. */
export function scanWatcher(app: FastifyInstance) {
  const waiting = new Map<number, (scan: ScanRow) => void>();
  const early = new Map<number, ScanRow>();
  app.areas['rank-grid'].rankGrid.onScanFinished((scan) => {
    const resolve = waiting.get(scan.id);
    if (resolve) resolve(scan);
    else early.set(scan.id, scan);
  });
  return (scanId: number) =>
    new Promise<ScanRow>((resolve) => {
      const done = early.get(scanId);
      if (done) resolve(done);
      else waiting.set(scanId, resolve);
    });
}

/** A fresh PostgreSQL database on the server of `url`, dropped by the returned function. */
export async function scratchPostgres(
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_scans_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const server = new URL(url);
    server.pathname = '/postgres';
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}
