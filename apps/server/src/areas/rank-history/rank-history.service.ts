import {
  type BusinessDetails,
  buildGrid,
  computeQuadrantCoverage,
  DEFAULT_TOP_COMPETITORS,
  HISTORY_PAGE_SIZE,
  type HistoryFilters,
  type HistoryMonth,
  type HistoryMonthQuery,
  type HistoryOverview,
  type LatestFour,
  lostQuadrants,
  type PointOutcome,
  pointStateSchema,
  type QuadrantCoverage,
  type RankGridProduct,
  type ScanDetails,
  type ScanReport,
  type ScanSummary,
  type SystemRankGrid,
  scanMetricsSchema,
  scanStatusSchema,
} from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { conflict, notFound } from '../../kernel/lib/app-error';
import type { HistoryScanRow, RankHistoryRepository } from './rank-history.repository';
import { visibleCompanyIds } from './timelines.service';

export const SCAN_NOT_FOUND = 'No such scan.';
const COMPANY_NOT_FOUND = 'No such client.';

const unitOf = (unit: string) => (unit === 'km' ? 'km' : 'mi') as 'mi' | 'km';

export function toSummary(row: HistoryScanRow): ScanSummary {
  return {
    id: row.id,
    companyId: row.companyId,
    configId: row.configId,
    itemId: row.itemId,
    keyword: row.keyword,
    size: row.size,
    radius: row.radius,
    unit: unitOf(row.unit),
    status: scanStatusSchema.catch('failed').parse(row.status),
    origin: row.origin,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    atrp: row.atrp,
    arp: row.arp,
    solv: row.solv,
    foundIn: row.foundIn,
  };
}

function toDetails(row: HistoryScanRow): ScanDetails {
  const metrics = scanMetricsSchema.safeParse(row.metrics);
  return {
    ...toSummary(row),
    shape: row.shape === 'circle' ? 'circle' : 'square',
    centre: { lat: row.centerLat, lng: row.centerLng },
    disabledPoints: row.disabledPoints,
    pointsTotal: row.pointsTotal,
    pointsDone: row.pointsDone,
    startedAt: row.startedAt?.toISOString() ?? null,
    metrics: metrics.success ? metrics.data : null,
    competitors: row.competitors ?? null,
  };
}

const difference = (now: number | null, before: number | null) =>
  now === null || before === null ? null : now - before;

/** A company's scan history, reports and the rank grid product page; ownership checked here. */
export function createRankHistoryService({
  repo,
  clock = () => new Date(),
}: {
  repo: RankHistoryRepository;
  clock?: () => Date;
}) {
  /** 404 both for a company that does not exist and one the caller may not see. */
  async function requireCompany(principal: Principal, companyId: number): Promise<void> {
    if (!canAccessClient(principal, companyId) || !(await repo.companyExists(companyId))) {
      throw notFound(COMPANY_NOT_FOUND);
    }
  }

  async function requireScan(principal: Principal, scanId: number): Promise<HistoryScanRow> {
    const scan = await repo.scan(scanId);
    if (!scan || !canAccessClient(principal, scan.companyId)) throw notFound(SCAN_NOT_FOUND);
    return scan;
  }

  async function quadrantsOf(scan: HistoryScanRow): Promise<QuadrantCoverage[]> {
    const grid = buildGrid({
      size: scan.size,
      radius: scan.radius,
      unit: unitOf(scan.unit),
      shape: scan.shape === 'circle' ? 'circle' : 'square',
      centre: { lat: scan.centerLat, lng: scan.centerLng },
      disabledPoints: scan.disabledPoints,
    });
    const outcomes: PointOutcome[] = (await repo.heatmapPoints([scan.id])).map((point) => ({
      index: point.index,
      state: pointStateSchema.catch('unmeasured').parse(point.state),
      rank: point.rank,
    }));
    return computeQuadrantCoverage(grid.points, outcomes);
  }

  return {
    async overview(principal: Principal, companyId: number): Promise<HistoryOverview> {
      await requireCompany(principal, companyId);
      const rows = await repo.monthlyOverview(companyId);
      const months: HistoryOverview['months'] = [];
      for (const row of rows) {
        let month = months.at(-1);
        if (month?.month !== row.month) {
          month = { month: row.month, keywords: [] };
          months.push(month);
        }
        const { month: _month, ...entry } = row;
        month.keywords.push(entry);
      }
      return { companyId, months };
    },

    async filters(principal: Principal, companyId: number): Promise<HistoryFilters> {
      await requireCompany(principal, companyId);
      const [keywords, months, configs] = await Promise.all([
        repo.keywords(companyId),
        repo.months(companyId),
        repo.configsWithScans(companyId),
      ]);
      return {
        keywords,
        months,
        configs: configs.map((config) => ({ ...config, unit: unitOf(config.unit) })),
      };
    },

    async month(principal: Principal, query: HistoryMonthQuery): Promise<HistoryMonth> {
      await requireCompany(principal, query.companyId);
      const [year, month] = query.month.split('-').map(Number) as [number, number];
      const { total, rows } = await repo.monthScans({
        companyId: query.companyId,
        from: new Date(Date.UTC(year, month - 1, 1)),
        until: new Date(Date.UTC(year, month, 1)),
        keyword: query.keyword,
        configId: query.configId,
        limit: HISTORY_PAGE_SIZE,
        offset: query.page * HISTORY_PAGE_SIZE,
      });
      return {
        month: query.month,
        page: query.page,
        pageSize: HISTORY_PAGE_SIZE,
        total,
        scans: rows.map(toSummary),
      };
    },

    async latestPerKeyword(principal: Principal, companyId: number) {
      await requireCompany(principal, companyId);
      return { scans: (await repo.latestPerKeyword(companyId)).map(toSummary) };
    },

    async latestFour(
      principal: Principal,
      companyId: number,
      keyword: string | undefined,
    ): Promise<LatestFour> {
      await requireCompany(principal, companyId);
      const scans = await repo.latestFinished(companyId, keyword, 4);
      const points = await repo.heatmapPoints(scans.map((scan) => scan.id));
      return {
        scans: scans.map((scan) => ({
          ...toSummary(scan),
          centre: { lat: scan.centerLat, lng: scan.centerLng },
          points: points
            .filter((point) => point.scanId === scan.id)
            .map(({ scanId: _scanId, ...point }) => ({
              ...point,
              state: pointStateSchema.catch('unmeasured').parse(point.state),
            })),
        })),
      };
    },

    async details(principal: Principal, scanId: number): Promise<ScanDetails> {
      return toDetails(await requireScan(principal, scanId));
    },

    async report(principal: Principal, scanId: number): Promise<ScanReport> {
      const scan = await requireScan(principal, scanId);
      if (scan.status !== 'done') {
        throw conflict('This scan has not finished yet: its report is ready once it is done.');
      }
      const previous = await repo.previousOfSameSettings(scan);
      const quadrants = await quadrantsOf(scan);
      const { competitors, ...details } = toDetails(scan);
      return {
        scan: details,
        topCompetitors: (competitors ?? []).slice(0, DEFAULT_TOP_COMPETITORS),
        quadrants,
        change: previous && {
          previousScanId: previous.id,
          previousCreatedAt: previous.createdAt.toISOString(),
          atrp: difference(scan.atrp, previous.atrp),
          arp: difference(scan.arp, previous.arp),
          solv: difference(scan.solv, previous.solv),
          foundIn: difference(scan.foundIn, previous.foundIn),
          lostQuadrants: lostQuadrants(await quadrantsOf(previous), quadrants),
        },
      };
    },

    /**
     * Business details by place id. The places provider answers geographic places only
     * (country, state, county, city), so businesses come from our own tables: a client the
     * caller may see, else a competitor tracked for one. Anything else is 404.
     */
    async businessDetails(principal: Principal, placeId: string): Promise<BusinessDetails> {
      const found = await repo.businessByPlaceId(placeId, visibleCompanyIds(principal));
      if (!found) throw notFound('No business with this place id.');
      if (found.kind === 'client') {
        const { company } = found;
        const address = [company.addressLine1, company.city, company.state, company.postalCode]
          .filter(Boolean)
          .join(', ');
        return {
          placeId,
          name: company.name,
          source: 'client',
          category: company.primaryCategory,
          address: address || null,
          phone: company.phone,
          website: company.website,
          lat: company.latitude,
          lng: company.longitude,
          rating: null,
          reviewCount: null,
        };
      }
      const { competitor } = found;
      return {
        placeId,
        name: competitor.name,
        source: 'competitor',
        category: competitor.category,
        address: competitor.address,
        phone: competitor.phone,
        website: competitor.website,
        lat: competitor.latitude,
        lng: competitor.longitude,
        rating: competitor.rating,
        reviewCount: competitor.reviewCount,
      };
    },

    async system(): Promise<SystemRankGrid> {
      const now = clock();
      const figures = await repo.systemFigures(now);
      const n = (key: string) => Number(figures[key] ?? 0);
      return {
        scansToday: n('scansToday'),
        scans7Days: n('scans7Days'),
        pointsSearched7Days: n('pointsSearched7Days'),
        failedScans7Days: n('failedScans7Days'),
        runningScans: n('runningScans'),
        activeConfigs: n('activeConfigs'),
        generatedAt: now.toISOString(),
      };
    },

    async product(principal: Principal, companyId: number): Promise<RankGridProduct> {
      await requireCompany(principal, companyId);
      const positions = await repo.latestTwoPerSettings(companyId);
      const rows = new Map(
        (await repo.scansByIds(positions.map((p) => p.id))).map((r) => [r.id, r]),
      );
      const lines = new Map<
        string,
        { latest?: HistoryScanRow; previous?: HistoryScanRow; scans: number }
      >();
      for (const position of positions) {
        const row = rows.get(position.id);
        if (!row) continue;
        const key = JSON.stringify([row.keyword, row.size, row.radius, row.unit]);
        const line = lines.get(key) ?? { scans: Number(position.scans) };
        if (Number(position.position) === 1) line.latest = row;
        else line.previous = row;
        lines.set(key, line);
      }
      const keywords: RankGridProduct['keywords'] = [];
      for (const line of lines.values()) {
        if (!line.latest) continue;
        const latest = toSummary(line.latest);
        const previous = line.previous ? toSummary(line.previous) : null;
        const change = difference(latest.atrp, previous?.atrp ?? null);
        keywords.push({
          keyword: latest.keyword,
          size: latest.size,
          radius: latest.radius,
          unit: latest.unit,
          latest,
          previous,
          trend: change === null ? 'new' : change < 0 ? 'better' : change > 0 ? 'worse' : 'same',
          scans: line.scans,
        });
      }
      keywords.sort(
        (a, b) => a.keyword.localeCompare(b.keyword) || a.size - b.size || a.radius - b.radius,
      );
      return { companyId, keywords };
    },
  };
}

export type RankHistoryService = ReturnType<typeof createRankHistoryService>;
