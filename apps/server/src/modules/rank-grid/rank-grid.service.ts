import {
  buildGrid,
  type GridSettings,
  type Scan,
  type ScanRequest,
  type ScanRequestResponse,
  scanMetricsSchema,
  scanStatusSchema,
} from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../lib/access-policy';
import { badRequest, notFound } from '../../lib/app-error';
import {
  CostCeilingExceededError,
  type SearchProvider,
} from '../../providers/search/search-provider';
import type { RankGridRepository, ScanPointRow, ScanRow } from './rank-grid.repository';

export const SCAN_NOT_FOUND = 'No such scan.';
export const COMPANY_NOT_FOUND = 'No such client.';

/** Who started a scan: a person, the scheduler, a batch or the demo seed. */
export type ScanOrigin = 'manual' | 'scheduled' | 'batch' | 'seed';

export interface RankGridServiceDeps {
  repo: RankGridRepository;
  provider: SearchProvider;
  /** Queues one point's search; called only after the scan is committed. */
  enqueuePoint: (scanId: number, pointIndex: number) => Promise<unknown>;
}

function toPoint(row: ScanPointRow, disabled: ReadonlySet<number>): Scan['points'][number] {
  const state = row.state as Scan['points'][number]['state'];
  return {
    index: row.pointIndex,
    lat: row.lat,
    lng: row.lng,
    enabled: !disabled.has(row.pointIndex),
    state,
    rank: row.rank,
    results: row.results,
    attempts: row.attempts,
    fetchedAt: row.fetchedAt?.toISOString() ?? null,
  };
}

function toScan(row: ScanRow, points: ScanPointRow[]): Scan {
  const disabled = new Set(row.disabledPoints);
  const metrics = scanMetricsSchema.safeParse(row.metrics);
  return {
    id: row.id,
    companyId: row.companyId,
    keyword: row.keyword,
    size: row.size,
    radius: row.radius,
    unit: row.unit === 'km' ? 'km' : 'mi',
    shape: row.shape === 'circle' ? 'circle' : 'square',
    centre: { lat: row.centerLat, lng: row.centerLng },
    disabledPoints: row.disabledPoints,
    status: scanStatusSchema.catch('failed').parse(row.status),
    pointsTotal: row.pointsTotal,
    pointsDone: row.pointsDone,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    metrics: metrics.success ? metrics.data : null,
    competitors: row.competitors ?? null,
    points: points.map((point) => toPoint(point, disabled)),
  };
}

/**
 * What starts a scan, whoever asks: a person (`request`), the scheduler, a batch or the seed.
 * Access and quotas are the caller's business; `startScan` validates the grid, checks the
 * cost, stores the scan with its points and queues them.
 */
export interface StartScanInput {
  companyId: number;
  keyword: string;
  settings: Omit<GridSettings, 'centre'> & { centre?: GridSettings['centre'] };
  requestedBy: number | null;
  configId?: number | null;
  itemId?: number | null;
  batchId?: number | null;
  origin?: ScanOrigin;
}

/** Requesting rank grid scans and reading them back; object ownership is checked here. */
export function createRankGridService({ repo, provider, enqueuePoint }: RankGridServiceDeps) {
  async function startScan(input: StartScanInput): Promise<ScanRequestResponse> {
    const company = await repo.company(input.companyId);
    if (!company) throw notFound(COMPANY_NOT_FOUND);

    const centre =
      input.settings.centre ??
      (company.lat !== null && company.lng !== null
        ? { lat: company.lat, lng: company.lng }
        : null);
    if (!centre) {
      throw badRequest('This company has no location yet: choose where the grid is centred.', [
        { path: 'body.centre', message: 'Choose the centre of the grid.' },
      ]);
    }
    const grid = buildGrid({ ...input.settings, centre });

    // The cost is checked before anything is stored or queued.
    let estimatedCents: number;
    try {
      estimatedCents = provider.checkCost(grid.enabledCount).cents;
    } catch (error) {
      if (error instanceof CostCeilingExceededError) {
        throw badRequest(error.message, [{ path: 'body.size', message: error.message }]);
      }
      throw error;
    }

    const scan = await repo.createScan(
      {
        companyId: company.id,
        keyword: input.keyword,
        size: grid.settings.size,
        radius: grid.settings.radius,
        unit: grid.settings.unit,
        centerLat: grid.settings.centre.lat,
        centerLng: grid.settings.centre.lng,
        shape: grid.settings.shape,
        disabledPoints: grid.settings.disabledPoints,
        pointsTotal: grid.enabledCount,
        requestedBy: input.requestedBy,
        configId: input.configId ?? null,
        itemId: input.itemId ?? null,
        batchId: input.batchId ?? null,
        origin: input.origin ?? 'manual',
      },
      grid.points.map((point) => ({ pointIndex: point.index, lat: point.lat, lng: point.lng })),
    );

    // After the commit (never inside the transaction: PGlite has one connection, and a job
    // must never run before its scan is visible).
    for (const point of grid.points) {
      if (point.enabled) await enqueuePoint(scan.id, point.index);
    }
    return { scanId: scan.id, pointsTotal: grid.enabledCount, estimatedCents };
  }

  return {
    startScan,

    async request(principal: Principal, request: ScanRequest): Promise<ScanRequestResponse> {
      // 404, not 403, for companies the caller cannot see: ids cannot be probed.
      if (!canAccessClient(principal, request.companyId)) throw notFound(COMPANY_NOT_FOUND);
      const { companyId, keyword, centre, ...settings } = request;
      return startScan({
        companyId,
        keyword,
        settings: { ...settings, ...(centre && { centre }) },
        requestedBy: principal.userId,
        origin: 'manual',
      });
    },

    async find(principal: Principal, scanId: number): Promise<Scan> {
      const scan = await repo.scan(scanId);
      if (!scan || !canAccessClient(principal, scan.companyId)) throw notFound(SCAN_NOT_FOUND);
      return toScan(scan, await repo.points(scanId));
    },
  };
}

export type RankGridService = ReturnType<typeof createRankGridService>;
