import { RANK_GRID_PRODUCT_SLUGS } from '@pinpoint/contracts';
import { asc } from 'drizzle-orm';
import { clientCompanies, gridConfigs, keywords } from '../kernel/db/schema';
import type { SeededProduct } from '../kernel/demo/seed-context';
import { DAY_MS, daysBefore, HISTORY_DAYS, type SeedContext } from '../kernel/demo/seed-context';
import type { SeededCompany } from './companies';
import { inMemoryBusinesses, measureScan, replayingProvider } from './grid-measure';
import {
  castStories,
  type GridStory,
  STORY_RADIUS_MI,
  writeStoryCompetitors,
} from './grid-stories';
import { type SeededScan, writeScans } from './grid-writes';

/**
 * Grid sizes of the seeded history (docs/decisions.md, "Demo rank grid history"): every
 * weekly scan is HISTORY_SIZE×HISTORY_SIZE, which keeps the whole demo seed within a few
 * seconds, and a config's settings never change, so each config is one timeline line.
 */
export const HISTORY_SIZE = 3;
const RADII_MI = [2, 3, 3, 5] as const;
const MIN_KEYWORDS = 2;
const MAX_KEYWORDS = 4;

/** The products a grid config's `item_id` points at (contracts: RANK_GRID_PRODUCT_SLUGS). */
export const RANK_GRID_PRODUCTS = RANK_GRID_PRODUCT_SLUGS;

export interface GridSeedResult {
  configs: number;
  scans: number;
  points: number;
  stories: GridStory[];
}

interface CompanyRow {
  company: SeededCompany;
  googlePlaceId: string | null;
  phone: string | null;
  website: string | null;
}

/** The company's rank grid product: an active one of the family first, else any. */
function rankGridItem(products: SeededProduct[], companyId: number): number | null {
  const own = products.filter(
    (product) => product.companyId === companyId && RANK_GRID_PRODUCTS.includes(product.slug),
  );
  return (own.find((product) => product.status === 'active') ?? own[0])?.id ?? null;
}

/**
 * Tracked keywords and 18 months of weekly scans for every demo company, measured by the
 * simulated search as of each scan's moment (see grid-measure.ts), plus three stories
 * (grid-stories.ts). Each config's next run is a week after its last seeded scan, in the
 * future, so a server starting on the fresh seed runs nothing at once.
 */
export async function seedGrids(
  ctx: SeedContext,
  companies: SeededCompany[],
  products: SeededProduct[],
): Promise<GridSeedResult> {
  const random = ctx.random.fork('grids');
  const historyStart = daysBefore(ctx.anchor, HISTORY_DAYS);
  const historyStartOf = (company: SeededCompany) =>
    new Date(Math.max(historyStart.getTime(), company.since.getTime()));

  const cast = castStories(
    companies,
    (company) => historyStartOf(company).getTime() === historyStart.getTime(),
  );
  const stories = await writeStoryCompetitors(ctx, cast, historyStartOf);
  // The demo accounts' companies and the stories track all their trade keywords (up to 4);
  // the others the first two, which keeps the seed within its time budget.
  const storyIds = new Set(stories.map((story) => story.companyId));
  const showcased = new Set([...companies.slice(0, 4).map((company) => company.id), ...storyIds]);

  // Tracked keywords: the company's keywords that are its trade's own search terms (2–4).
  const keywordRows = await ctx.tx
    .select({ companyId: keywords.companyId, keyword: keywords.keyword })
    .from(keywords)
    .orderBy(asc(keywords.id));
  const places = await ctx.tx
    .select({
      id: clientCompanies.id,
      googlePlaceId: clientCompanies.googlePlaceId,
      phone: clientCompanies.phone,
      website: clientCompanies.website,
    })
    .from(clientCompanies);
  const placeOf = new Map(places.map((row) => [row.id, row]));
  const businesses = await inMemoryBusinesses(ctx.tx);
  const { provider, setClock } = replayingProvider(businesses);

  let configCount = 0;
  let scanCount = 0;
  let pointCount = 0;
  for (const company of companies) {
    const place = placeOf.get(company.id);
    const row: CompanyRow = {
      company,
      googlePlaceId: place?.googlePlaceId ?? null,
      phone: place?.phone ?? null,
      website: place?.website ?? null,
    };
    const tracked = keywordRows
      .filter((k) => k.companyId === company.id && company.vertical.keywords.includes(k.keyword))
      .map((k) => k.keyword)
      .slice(0, showcased.has(company.id) ? MAX_KEYWORDS : MIN_KEYWORDS);
    const itemId = rankGridItem(products, company.id);
    const business = toBusiness(row);
    const from = historyStartOf(company).getTime();

    for (const keyword of tracked) {
      const radius = storyIds.has(company.id) ? STORY_RADIUS_MI : random.pick(RADII_MI);
      // Each config has its own weekday and hour; the latest scan is 1–6 days ago.
      const latest =
        ctx.anchor.getTime() -
        random.int(1, 6) * DAY_MS +
        random.int(7 * 60, 17 * 60) * 60_000 +
        random.int(0, 59) * 1000;
      const dates: Date[] = [];
      for (let at = latest; at >= from; at -= 7 * DAY_MS) dates.unshift(new Date(at));
      if (dates.length === 0) continue;
      const settings = {
        size: HISTORY_SIZE,
        radius,
        unit: 'mi' as const,
        shape: 'square' as const,
        centre: { lat: company.lat, lng: company.lng },
        disabledPoints: [],
      };
      const [config] = await ctx.tx
        .insert(gridConfigs)
        .values({
          companyId: company.id,
          itemId,
          keyword,
          size: settings.size,
          radius,
          unit: settings.unit,
          shape: settings.shape,
          centerLat: company.lat,
          centerLng: company.lng,
          frequency: 'weekly',
          nextRunAt: new Date(latest + 7 * DAY_MS),
          lastRunAt: new Date(latest),
          active: true,
          createdAt: dates[0],
        })
        .returning({ id: gridConfigs.id });
      if (!config) throw new Error('grid config not stored');
      configCount++;

      const scans: SeededScan[] = [];
      for (const at of dates) {
        setClock(at);
        scans.push({ at, ...(await measureScan(provider, business, keyword, settings)) });
      }
      pointCount += await writeScans(
        ctx.tx,
        {
          companyId: company.id,
          keyword,
          size: settings.size,
          radius,
          unit: settings.unit,
          centerLat: company.lat,
          centerLng: company.lng,
          configId: config.id,
          itemId,
        },
        scans,
      );
      scanCount += scans.length;
    }
  }
  return { configs: configCount, scans: scanCount, points: pointCount, stories };
}

function toBusiness(row: CompanyRow) {
  return {
    googlePlaceId: row.googlePlaceId,
    phone: row.phone,
    website: row.website,
    name: row.company.name,
  };
}
