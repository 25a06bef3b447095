import {
  type ClientGridConfigs,
  type FieldError,
  type GridConfig,
  type GridConfigCreate,
  type GridConfigDetail,
  type GridConfigDetailsUpdate,
  type GridConfigScan,
  type GridConfigScheduleUpdate,
  type GridFrequency,
  gridConfigScanSchema,
  gridFrequencySchema,
  gridPointCount,
  gridSettingsSchema,
  nextRunAfter,
  type ScanRequestResponse,
  type StaffGridSetup,
} from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { badRequest, notFound } from '../../kernel/lib/app-error';
import { CostCeilingExceededError, type SearchProvider } from '../../providers/search/port';
import type { StartScanInput } from '../rank-grid';
import type {
  GridConfigPatch,
  GridConfigRow,
  GridConfigsRepository,
  ScanSummaryRow,
} from './grid-configs.repository';

export const CONFIG_NOT_FOUND = 'No such grid config.';
export const COMPANY_NOT_FOUND = 'No such client.';
/** How far ahead a first run may be set: a year covers any sensible plan. */
const FIRST_RUN_MAX_AHEAD_MS = 366 * 86_400_000;
const DAY_MS = 86_400_000;
const RECENT_SCANS_LIMIT = 200;

export interface GridConfigsServiceDeps {
  repo: GridConfigsRepository;
  provider: Pick<SearchProvider, 'checkCost'>;
  /** The rank grid engine's `service.startScan`: access is checked here, before calling it. */
  startScan: (input: StartScanInput) => Promise<ScanRequestResponse>;
  clock?: () => Date;
}

export function toGridConfig(row: GridConfigRow): GridConfig {
  return {
    id: row.id,
    companyId: row.companyId,
    itemId: row.itemId,
    keyword: row.keyword,
    size: row.size,
    radius: row.radius,
    unit: row.unit === 'km' ? 'km' : 'mi',
    shape: row.shape === 'circle' ? 'circle' : 'square',
    centre: { lat: row.centerLat, lng: row.centerLng },
    disabledPoints: row.disabledPoints,
    frequency: gridFrequencySchema.catch('once').parse(row.frequency),
    active: row.active,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    atrpAlertThreshold: row.atrpAlertThreshold,
    solvAlertThreshold: row.solvAlertThreshold,
    createdAt: row.createdAt.toISOString(),
  };
}

function toScan(row: ScanSummaryRow): GridConfigScan {
  return gridConfigScanSchema.parse({
    ...row,
    status: ['queued', 'running', 'done', 'failed'].includes(row.status) ? row.status : 'failed',
    origin: ['manual', 'scheduled', 'batch', 'seed'].includes(row.origin) ? row.origin : 'manual',
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  });
}

/** The settings a scan of this config is started with (each scan stores its own copy). */
export function scanInputOf(row: GridConfigRow): Omit<StartScanInput, 'requestedBy' | 'origin'> {
  const config = toGridConfig(row);
  const { size, radius, unit, shape, centre, disabledPoints } = config;
  return {
    companyId: config.companyId,
    keyword: config.keyword,
    settings: { size, radius, unit, shape, centre, disabledPoints },
    configId: config.id,
    itemId: config.itemId,
  };
}

/**
 * When a config runs next after its schedule changed (resumed, or a new frequency):
 * never run yet → its planned first run, or now; a one-time config that ran → never again;
 * otherwise the first run of the new cadence after now, counted from the last run.
 */
function rescheduled(config: GridConfigRow, frequency: GridFrequency, now: Date): Date | null {
  if (!config.lastRunAt) return config.nextRunAt ?? now;
  return nextRunAfter(frequency, config.lastRunAt, now);
}

/** Grid configs: who may see and change them, and what a change does to the schedule. */
export function createGridConfigsService({
  repo,
  provider,
  startScan,
  clock = () => new Date(),
}: GridConfigsServiceDeps) {
  /** The config, if the caller may see its company; 404 otherwise, so ids cannot be probed. */
  async function visibleConfig(principal: Principal, id: number): Promise<GridConfigRow> {
    const config = await repo.config(id);
    if (!config || !canAccessClient(principal, config.companyId)) throw notFound(CONFIG_NOT_FOUND);
    return config;
  }

  /** The cost ceiling is checked when a config is set up, not first at 3 a.m. by the scheduler. */
  function checkCost(size: number, shape: 'square' | 'circle', disabled: number[]) {
    try {
      provider.checkCost(gridPointCount(size, shape) - disabled.length);
    } catch (error) {
      if (error instanceof CostCeilingExceededError) {
        throw badRequest(error.message, [{ path: 'body.size', message: error.message }]);
      }
      throw error;
    }
  }

  async function withLatest(configs: GridConfigRow[]) {
    const latest = await repo.latestFinished(configs.map((config) => config.id));
    return configs.map((config) => {
      const scan = latest.get(config.id);
      return { ...toGridConfig(config), latestScan: scan ? toScan(scan) : null };
    });
  }

  return {
    async listForCompany(principal: Principal, companyId: number): Promise<ClientGridConfigs> {
      if (!canAccessClient(principal, companyId)) throw notFound(COMPANY_NOT_FOUND);
      return { companyId, configs: await withLatest(await repo.configsOf(companyId)) };
    },

    async create(principal: Principal, body: GridConfigCreate): Promise<GridConfig> {
      if (!canAccessClient(principal, body.companyId)) throw notFound(COMPANY_NOT_FOUND);
      const company = await repo.company(body.companyId);
      if (!company) throw notFound(COMPANY_NOT_FOUND);
      const centre = body.centre ?? company.centre;
      if (!centre) {
        throw badRequest('This company has no location yet: choose where the grid is centred.', [
          { path: 'body.centre', message: 'Choose the centre of the grid.' },
        ]);
      }
      const now = clock();
      const firstRunAt = body.firstRunAt ? new Date(body.firstRunAt) : now;
      if (firstRunAt.getTime() - now.getTime() > FIRST_RUN_MAX_AHEAD_MS) {
        throw badRequest('The first run must be within a year.', [
          { path: 'body.firstRunAt', message: 'Choose a first run within the next year.' },
        ]);
      }
      checkCost(body.size, body.shape, body.disabledPoints);
      const row = await repo.insert({
        companyId: company.id,
        itemId: await repo.rankGridItem(company.id),
        keyword: body.keyword,
        size: body.size,
        radius: body.radius,
        unit: body.unit,
        shape: body.shape,
        centerLat: centre.lat,
        centerLng: centre.lng,
        disabledPoints: body.disabledPoints,
        frequency: body.frequency,
        // A time in the past simply means "at the next tick".
        nextRunAt: firstRunAt < now ? now : firstRunAt,
        active: true,
        atrpAlertThreshold: body.atrpAlertThreshold,
        solvAlertThreshold: body.solvAlertThreshold,
        createdBy: principal.userId,
      });
      return toGridConfig(row);
    },

    async detail(
      principal: Principal,
      id: number,
      page: { page: number; pageSize: number },
    ): Promise<GridConfigDetail> {
      const config = await visibleConfig(principal, id);
      const scans = await repo.scansOfConfig(config.id, page.page, page.pageSize);
      return {
        config: toGridConfig(config),
        scans: { ...page, total: scans.total, items: scans.items.map(toScan) },
      };
    },

    async updateSchedule(
      principal: Principal,
      id: number,
      body: GridConfigScheduleUpdate,
    ): Promise<GridConfig> {
      const config = await visibleConfig(principal, id);
      const patch: GridConfigPatch = {
        ...(body.frequency !== undefined && { frequency: body.frequency }),
        ...(body.active !== undefined && { active: body.active }),
        ...(body.atrpAlertThreshold !== undefined && {
          atrpAlertThreshold: body.atrpAlertThreshold,
        }),
        ...(body.solvAlertThreshold !== undefined && {
          solvAlertThreshold: body.solvAlertThreshold,
        }),
      };
      const active = body.active ?? config.active;
      const frequency = body.frequency ?? gridFrequencySchema.catch('once').parse(config.frequency);
      if (!active) {
        patch.nextRunAt = null;
      } else if (!config.active || frequency !== config.frequency) {
        patch.nextRunAt = rescheduled(config, frequency, clock());
      }
      const updated = await repo.update(config.id, patch);
      if (!updated) throw notFound(CONFIG_NOT_FOUND);
      return toGridConfig(updated);
    },

    async updateDetails(
      principal: Principal,
      id: number,
      body: GridConfigDetailsUpdate,
    ): Promise<GridConfig> {
      const config = await visibleConfig(principal, id);
      const current = toGridConfig(config);
      const size = body.size ?? current.size;
      const shape = body.shape ?? current.shape;
      // Point indices mean other points once the size or shape changes: unless new ones are
      // given, a new geometry starts with every point switched on.
      const geometryChanged = size !== current.size || shape !== current.shape;
      const merged = gridSettingsSchema.safeParse({
        size,
        shape,
        radius: body.radius ?? current.radius,
        unit: body.unit ?? current.unit,
        centre: body.centre ?? current.centre,
        disabledPoints: body.disabledPoints ?? (geometryChanged ? [] : current.disabledPoints),
      });
      if (!merged.success) {
        const details: FieldError[] = merged.error.issues.map((issue) => ({
          path: ['body', ...issue.path.map(String)].join('.'),
          message: issue.message,
        }));
        throw badRequest(details[0]?.message ?? 'Check the grid settings.', details);
      }
      const settings = merged.data;
      checkCost(settings.size, settings.shape, settings.disabledPoints);
      // Past scans keep the settings stored on each of them; only future scans change.
      const updated = await repo.update(config.id, {
        keyword: body.keyword ?? config.keyword,
        size: settings.size,
        radius: settings.radius,
        unit: settings.unit,
        shape: settings.shape,
        centerLat: settings.centre.lat,
        centerLng: settings.centre.lng,
        disabledPoints: settings.disabledPoints,
      });
      if (!updated) throw notFound(CONFIG_NOT_FOUND);
      return toGridConfig(updated);
    },

    async runNow(principal: Principal, id: number) {
      const config = await visibleConfig(principal, id);
      const started = await startScan({
        ...scanInputOf(config),
        requestedBy: principal.userId,
        origin: 'manual',
      });
      return { configId: config.id, ...started };
    },

    async staffView(principal: Principal, companyId: number): Promise<StaffGridSetup> {
      // An employee not assigned to this client sees nothing of it, not even that it exists.
      if (!canAccessClient(principal, companyId)) throw notFound(COMPANY_NOT_FOUND);
      const company = await repo.company(companyId);
      if (!company) throw notFound(COMPANY_NOT_FOUND);
      const since = new Date(clock().getTime() - 30 * DAY_MS);
      const configs = await repo.configsOf(companyId);
      const [withScans, counts, recent] = await Promise.all([
        withLatest(configs),
        repo.scanCountsSince(companyId, since),
        repo.recentConfigScans(companyId, since, RECENT_SCANS_LIMIT),
      ]);
      return {
        company: { id: company.id, name: company.name },
        configs: withScans.map((config) => ({
          ...config,
          scansLast30Days: counts.get(config.id) ?? 0,
        })),
        recentScans: recent.map(toScan),
        nextRuns: configs
          .filter((config) => config.active && config.nextRunAt)
          .sort((a, b) => (a.nextRunAt?.getTime() ?? 0) - (b.nextRunAt?.getTime() ?? 0))
          .map((config) => ({
            configId: config.id,
            keyword: config.keyword,
            nextRunAt: config.nextRunAt?.toISOString() ?? '',
          })),
      };
    },

    async remove(principal: Principal, companyId: number, id: number) {
      if (!canAccessClient(principal, companyId)) throw notFound(COMPANY_NOT_FOUND);
      const removed = await repo.remove(companyId, id);
      if (!removed) throw notFound(CONFIG_NOT_FOUND);
      return {
        removed: true as const,
        configId: id,
        companyId,
        scansKept: removed.scansKept,
        message:
          removed.scansKept === 0
            ? 'The grid config was removed. It had no scans.'
            : `The grid config was removed. Its ${removed.scansKept} scan${removed.scansKept === 1 ? ' is' : 's are'} kept in the history, no longer linked to a config.`,
      };
    },
  };
}

export type GridConfigsService = ReturnType<typeof createGridConfigsService>;
