import {
  buildGrid,
  type GridSettings,
  type Scan,
  type ScanQuota,
  type ScanRequest,
  type ScanRequestResponse,
  scanMetricsSchema,
  scanStatusSchema,
} from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { badRequest, notFound } from '../../kernel/lib/app-error';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import { CostCeilingExceededError, type SearchProvider } from '../../providers/search/port';
import {
  dailyUsage,
  type RankGridRepository,
  type ScanPointRow,
  type ScanRow,
} from './rank-grid.repository';
import {
  checkDailyQuota,
  checkGridSize,
  DEFAULT_SCAN_QUOTA,
  describeQuota,
  isTrialCaller,
  type ScanQuotaSettings,
  utcDayStart,
} from './scan-quota';

export const SCAN_NOT_FOUND = 'No such scan.';
export const COMPANY_NOT_FOUND = 'No such client.';

/** Who started a scan: a person, the scheduler, a batch or the demo seed. */
export type ScanOrigin = 'manual' | 'scheduled' | 'batch' | 'seed';

export interface RankGridServiceDeps {
  repo: RankGridRepository;
  provider: SearchProvider;
  /** Queues one point's search; called only after the scan is committed. */
  enqueuePoint: (scanId: number, pointIndex: number) => Promise<unknown>;
  /** Daily budget and size cap of person requests (config `scanQuota`). */
  quota?: ScanQuotaSettings;
  /** Decides the UTC day quotas count in (tests move it past midnight). */
  clock?: () => Date;
  /** Tells a lead's open sockets when their trial company is made, so progress reaches them. */
  events?: EventPublisher;
}

const chooseCentre = (message: string) =>
  badRequest(message, [{ path: 'body.centre', message: 'Choose the centre of the grid.' }]);

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
export function createRankGridService({
  repo,
  provider,
  enqueuePoint,
  quota = DEFAULT_SCAN_QUOTA,
  clock = () => new Date(),
  events,
}: RankGridServiceDeps) {
  /** Everything that can refuse a scan before it is stored: company, centre, grid, cost. */
  async function prepare(input: StartScanInput) {
    const company = await repo.company(input.companyId);
    if (!company) throw notFound(COMPANY_NOT_FOUND);

    const centre =
      input.settings.centre ??
      (company.lat !== null && company.lng !== null
        ? { lat: company.lat, lng: company.lng }
        : null);
    if (!centre)
      throw chooseCentre('This company has no location yet: choose where the grid is centred.');
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
    return { input, company, grid, estimatedCents };
  }

  /** Stores the scan (after `admit`, in the same transaction) and then queues its points. */
  async function store(
    { input, company, grid, estimatedCents }: Awaited<ReturnType<typeof prepare>>,
    admit?: (tx: Db) => Promise<void>,
  ): Promise<ScanRequestResponse> {
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
        // The same clock as the quota's day, so a scan is counted in the day it was admitted.
        createdAt: clock(),
      },
      grid.points.map((point) => ({ pointIndex: point.index, lat: point.lat, lng: point.lng })),
      admit,
    );

    // After the commit (never inside the transaction: PGlite has one connection, and a job
    // must never run before its scan is visible).
    for (const point of grid.points) {
      if (point.enabled) await enqueuePoint(scan.id, point.index);
    }
    return { scanId: scan.id, pointsTotal: grid.enabledCount, estimatedCents };
  }

  async function startScan(input: StartScanInput): Promise<ScanRequestResponse> {
    return store(await prepare(input));
  }

  /**
   * A trial lead's scans belong to their own trial company, made on their first scan at the
   * grid's centre (docs/decisions.md, "Scan quotas and trial scans").
   */
  async function trialCompanyFor(principal: Principal, request: ScanRequest): Promise<number> {
    const existing = await repo.trialCompanyOf(principal.userId);
    if (existing !== null) return existing;
    if (!request.centre)
      throw chooseCentre('Choose where your business is: the centre of the grid.');
    const companyId = await repo.ensureTrialCompany(principal.userId, request.centre);
    // The lead's sockets opened before the company existed: have them re-read their access.
    events?.publish({ type: 'access.changed', payload: {}, audience: { user: principal.userId } });
    return companyId;
  }

  /** A company the caller may see (404 otherwise, so ids cannot be probed). */
  async function visibleCompany(principal: Principal, companyId: number) {
    if (!canAccessClient(principal, companyId)) throw notFound(COMPANY_NOT_FOUND);
    const company = await repo.company(companyId);
    if (!company) throw notFound(COMPANY_NOT_FOUND);
    return company;
  }

  return {
    startScan,

    /**
     * A person's scan: access, then the size cap, then (inside the transaction that stores
     * it, under the company's lock) the day's quota. A refused scan leaves nothing behind.
     */
    async request(principal: Principal, request: ScanRequest): Promise<ScanRequestResponse> {
      const trial = isTrialCaller(principal);
      if (!trial && !canAccessClient(principal, request.companyId)) {
        throw notFound(COMPANY_NOT_FOUND);
      }
      checkGridSize(request.size, trial, quota);
      // A lead has one company, their own: the id in the body is not theirs to choose
      // (DECISIONS.md: tenant ids in writes are ignored or refused, never stored).
      const companyId = trial ? await trialCompanyFor(principal, request) : request.companyId;
      const { companyId: _asked, keyword, centre, ...settings } = request;
      const prepared = await prepare({
        companyId,
        keyword,
        settings: { ...settings, ...(centre && { centre }) },
        requestedBy: principal.userId,
        origin: 'manual',
      });
      return store(prepared, async (tx) => {
        const now = clock();
        const usage = await dailyUsage(tx, {
          companyId,
          userId: trial ? principal.userId : null,
          since: utcDayStart(now),
        });
        checkDailyQuota({
          usage,
          points: prepared.grid.enabledCount,
          trial,
          companyName: prepared.company.name,
          settings: quota,
          now,
        });
      });
    },

    /** What is left today: a company's points, or a trial lead's own scans and points. */
    async quotaFor(principal: Principal, companyId: number | undefined): Promise<ScanQuota> {
      const now = clock();
      const since = utcDayStart(now);
      const trial = isTrialCaller(principal);
      if (trial) {
        const own = await repo.trialCompanyOf(principal.userId);
        const usage =
          own === null
            ? { points: 0, scans: 0 }
            : await repo.dailyUsage({ companyId: own, userId: principal.userId, since });
        return describeQuota({ companyId: own, usage, trial, settings: quota, now });
      }
      if (companyId === undefined) {
        throw badRequest('Choose a company.', [
          { path: 'querystring.companyId', message: 'Choose a company.' },
        ]);
      }
      const company = await visibleCompany(principal, companyId);
      const usage = await repo.dailyUsage({ companyId: company.id, userId: null, since });
      return describeQuota({ companyId: company.id, usage, trial, settings: quota, now });
    },

    async find(principal: Principal, scanId: number): Promise<Scan> {
      const scan = await repo.scan(scanId);
      if (!scan || !canAccessClient(principal, scan.companyId)) throw notFound(SCAN_NOT_FOUND);
      return toScan(scan, await repo.points(scanId));
    },
  };
}

export type RankGridService = ReturnType<typeof createRankGridService>;
