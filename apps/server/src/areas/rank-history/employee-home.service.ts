import { EMPLOYEE_HOME_ALERTS, type EmployeeRankSummary } from '@pinpoint/contracts';
import type { Principal } from '../../kernel/lib/access-policy';
import { toGridAlert } from '../grid-alerts';
import type { EmployeeHomeRepository } from './employee-home.repository';
import { toSummary } from './rank-history.service';
import { visibleCompanyIds } from './timelines.service';

/** The employee home: only the clients the caller looks after (admins: every client). */
export function createEmployeeHomeService({ repo }: { repo: EmployeeHomeRepository }) {
  return {
    async summary(principal: Principal): Promise<EmployeeRankSummary> {
      const clients = await repo.clients(visibleCompanyIds(principal));
      const ids = clients.map((client) => client.companyId);
      const [scans, alertRows] = await Promise.all([
        repo.latestPerKeyword(ids),
        repo.recentGridAlerts(ids, EMPLOYEE_HOME_ALERTS),
      ]);
      const names = new Map(clients.map((client) => [client.companyId, client.companyName]));
      return {
        clients: clients.map((client) => ({
          ...client,
          keywords: scans
            .filter((scan) => scan.companyId === client.companyId)
            .map(toSummary)
            .sort((a, b) => a.keyword.localeCompare(b.keyword)),
        })),
        recentAlerts: alertRows.flatMap((row) => {
          const alert = toGridAlert(row);
          return alert ? [{ ...alert, companyName: names.get(alert.companyId) ?? '' }] : [];
        }),
      };
    },
  };
}
