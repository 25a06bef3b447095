import {
  DEFAULT_ATRP_ALERT_THRESHOLD,
  DEFAULT_SOLV_ALERT_THRESHOLD,
  GRID_ALERTS_PAGE_SIZE,
  type GridAlert,
  type GridAlertList,
  type GridAlertRemoved,
  gridAlertDataSchema,
} from '@pinpoint/contracts';
import type { gridScans } from '../../kernel/db/schema';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { badRequest, notFound } from '../../kernel/lib/app-error';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import { type AlertThresholds, alertData, alertText, findGridAlerts } from './grid-alert-rules';
import type { GridAlertRow, GridAlertsRepository } from './grid-alerts.repository';

type ScanRow = typeof gridScans.$inferSelect;

export const GRID_ALERT_NOT_FOUND = 'No such alert.';
const COMPANY_NOT_FOUND = 'No such client.';

export interface GridAlertsServiceDeps {
  repo: GridAlertsRepository;
  events: EventPublisher;
  /** A trial lead's own company, if they have scanned yet (rank-grid's repository). */
  trialCompanyOf: (userId: number) => Promise<number | null>;
  /** Whether a caller is on the trial rules (rank-grid's scan-quota). */
  isTrialCaller: (principal: Principal) => boolean;
}

/** A row whose data does not parse (written by hand, or by an older version) is left out. */
export function toGridAlert(row: GridAlertRow): GridAlert | null {
  const data = gridAlertDataSchema.safeParse(row.data);
  if (!data.success || row.scanId === null) return null;
  return {
    id: row.id,
    companyId: row.companyId,
    scanId: row.scanId,
    title: row.title,
    body: row.body,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    data: data.data,
  };
}

/** Grid alerts: raised when a scan finishes, listed and dismissed by the company's people. */
export function createGridAlertsService({
  repo,
  events,
  trialCompanyOf,
  isTrialCaller,
}: GridAlertsServiceDeps) {
  async function thresholdsFor(scan: ScanRow): Promise<AlertThresholds> {
    const config = scan.configId === null ? null : await repo.configThresholds(scan.configId);
    return {
      atrp: config?.atrp ?? DEFAULT_ATRP_ALERT_THRESHOLD,
      solv: config?.solv ?? DEFAULT_SOLV_ALERT_THRESHOLD,
    };
  }

  /** The company whose alerts a caller asks for (404 for companies they cannot see). */
  async function companyOf(
    principal: Principal,
    companyId: number | undefined,
  ): Promise<number | null> {
    if (companyId === undefined) {
      if (isTrialCaller(principal)) return trialCompanyOf(principal.userId);
      throw badRequest('Choose a company.', [
        { path: 'querystring.companyId', message: 'Choose a company.' },
      ]);
    }
    if (!canAccessClient(principal, companyId)) throw notFound(COMPANY_NOT_FOUND);
    return companyId;
  }

  return {
    /**
     * Compares a finished scan with the previous done scan of the same settings, stores the
     * alerts it raises (each once per scan, however often this runs) and announces them to
     * the company. Answers the alerts stored by this call.
     */
    async onScanFinished(scan: ScanRow): Promise<GridAlert[]> {
      if (scan.status !== 'done') return [];
      const previous = await repo.previousDoneScan(scan);
      if (!previous) return [];
      const [previousPoints, currentPoints, thresholds, timeZone] = await Promise.all([
        repo.points(previous.id),
        repo.points(scan.id),
        thresholdsFor(scan),
        repo.companyTimeZone(scan.companyId),
      ]);
      const findings = findGridAlerts({
        previous,
        current: scan,
        previousPoints,
        currentPoints,
        thresholds,
      });
      const stored = await repo.insertNew(
        scan.id,
        findings.map((finding) => ({
          companyId: scan.companyId,
          scanId: scan.id,
          ...alertText(finding, scan, timeZone ?? 'UTC'),
          data: alertData(finding, previous, scan),
        })),
      );
      const created = stored.map(toGridAlert).filter((alert) => alert !== null);
      for (const alert of created) {
        events.publish({
          type: 'grid-alert.created',
          payload: {
            id: alert.id,
            companyId: alert.companyId,
            scanId: alert.scanId,
            rule: alert.data.rule,
            quadrant: alert.data.quadrant,
            title: alert.title,
            createdAt: alert.createdAt,
          },
          audience: { client: alert.companyId },
        });
      }
      return created;
    },

    async list(
      principal: Principal,
      query: { companyId?: number | undefined; page: number },
    ): Promise<GridAlertList> {
      const pageSize = GRID_ALERTS_PAGE_SIZE;
      const companyId = await companyOf(principal, query.companyId);
      if (companyId === null) {
        return { items: [], page: query.page, pageSize, total: 0, unreadCount: 0 };
      }
      const { items, total, unreadCount } = await repo.list(
        companyId,
        pageSize,
        (query.page - 1) * pageSize,
      );
      return {
        items: items.map(toGridAlert).filter((alert) => alert !== null),
        page: query.page,
        pageSize,
        total,
        unreadCount,
      };
    },

    /** Dismisses one grid alert; 404 for an alert the caller may not see, as for none. */
    async remove(principal: Principal, alertId: number): Promise<GridAlertRemoved> {
      const alert = await repo.find(alertId);
      if (!alert || !canAccessClient(principal, alert.companyId)) {
        throw notFound(GRID_ALERT_NOT_FOUND);
      }
      if (!(await repo.remove(alert.companyId, alert.id))) throw notFound(GRID_ALERT_NOT_FOUND);
      return {
        id: alert.id,
        companyId: alert.companyId,
        unreadCount: await repo.unreadCount(alert.companyId),
      };
    },
  };
}

export type GridAlertsService = ReturnType<typeof createGridAlertsService>;
