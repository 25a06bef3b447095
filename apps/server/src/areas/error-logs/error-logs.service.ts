import { createHash } from 'node:crypto';
import type { ErrorLog, ErrorLogChanged, ErrorLogCreate } from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import { errorLogs } from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { notFound } from '../../kernel/lib/app-error';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { ErrorLogRow, ErrorLogsRepository } from './error-logs.repository';

export function fingerprintOf(message: string, page: string): string {
  return createHash('sha256').update(`${message}\n${page}`).digest('hex');
}

function toErrorLog(row: ErrorLogRow): ErrorLog {
  return {
    id: row.id,
    message: row.message,
    page: row.page,
    stack: row.stack,
    component: row.component,
    affected: {
      clients: row.affectedClients,
      emails: row.affectedEmails,
      productids: row.affectedProductIds,
      browser: row.affectedBrowsers,
    },
    count: row.count,
    resolved: row.resolved,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The error log (SPEC §3, §4): one entry per message and page, counted and unresolved. */
export function createErrorLogsService(repo: ErrorLogsRepository, events: EventPublisher) {
  /** Staff watching /dashboard/live-bug-reports see every change as it happens. */
  function announce(
    log: { id: number; message: string; page: string; count: number; resolved: boolean },
    change: ErrorLogChanged['change'],
  ) {
    events.publish({
      type: 'error-log.changed',
      audience: { staff: true },
      payload: {
        id: log.id,
        change,
        // Summaries only: the page refetches the full entry.
        message: log.message.slice(0, 300),
        page: log.page.slice(0, 200),
        count: log.count,
        resolved: log.resolved,
        at: new Date().toISOString(),
      },
    });
  }

  async function setResolved(
    where: Parameters<ErrorLogsRepository['setResolved']>[0],
    resolved: boolean,
  ) {
    const row = await repo.setResolved(where, resolved);
    if (!row) throw notFound('No such error log.');
    announce(row, resolved ? 'resolved' : 'reopened');
    return toErrorLog(row);
  }

  return {
    /**
     * Records a report. Who was affected comes from the caller's session, never from the
     * body: the client companies and email of a signed-in user.
     */
    async record(
      input: ErrorLogCreate,
      reporter: { principal: Principal | null; email: string | null },
    ) {
      const saved = await repo.record({
        fingerprint: fingerprintOf(input.message, input.page),
        message: input.message,
        page: input.page,
        stack: input.stack ?? null,
        component: input.component ?? null,
        affectedClients: reporter.principal?.memberOf ?? [],
        affectedEmails: reporter.email ? [reporter.email] : [],
        affectedProductIds: input.productId ? [input.productId] : [],
        affectedBrowsers: input.browser ? [input.browser] : [],
      });
      announce(
        { ...saved, message: input.message, page: input.page },
        saved.count === 1 ? 'created' : 'repeated',
      );
      return saved;
    },

    async get(id: number): Promise<ErrorLog> {
      const row = await repo.findById(id);
      if (!row) throw notFound('No such error log.');
      return toErrorLog(row);
    },

    async list(filter: {
      q?: string;
      resolved?: 'true' | 'false';
      page: number;
      pageSize: number;
    }) {
      const { items, total } = await repo.list({
        ...filter,
        resolved: filter.resolved === undefined ? undefined : filter.resolved === 'true',
      });
      return { items: items.map(toErrorLog), total, page: filter.page, pageSize: filter.pageSize };
    },

    resolveById: (id: number, resolved: boolean): Promise<ErrorLog> =>
      setResolved(eq(errorLogs.id, id), resolved),

    resolveByKey: (message: string, page: string, resolved: boolean): Promise<ErrorLog> =>
      setResolved(eq(errorLogs.fingerprint, fingerprintOf(message, page)), resolved),
  };
}
