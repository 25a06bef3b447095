import {
  type ClientRecord,
  type CompanyStatus,
  PROSPECT_COMPANY_STATUS,
  TRIAL_COMPANY_STATUS,
} from '@pinpoint/contracts';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, verticals } from '../../kernel/db/schema';

type CompanyRow = typeof clientCompanies.$inferSelect;
type VerticalRow = typeof verticals.$inferSelect;

function toRecord({ company, vertical }: { company: CompanyRow; vertical: VerticalRow | null }) {
  const { createdAt: _createdAt, verticalId: _verticalId, status, ...fields } = company;
  return {
    ...fields,
    status: status as CompanyStatus,
    vertical: vertical ? { id: vertical.id, slug: vertical.slug, name: vertical.name } : null,
  } satisfies ClientRecord;
}

/** Whether a client company exists: the one query every area's "no such client" check uses. */
export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: clientCompanies.id })
    .from(clientCompanies)
    .where(eq(clientCompanies.id, companyId));
  return row !== undefined;
}

/** Client companies with their vertical, in the shape of the client record (SPEC §7). */
export function createClientsRepository(db: Db) {
  // A trial lead's own company (rank-grid trial scans) is not one of the agency's clients.
  const select = (where?: SQL) =>
    db
      .select({ company: clientCompanies, vertical: verticals })
      .from(clientCompanies)
      .leftJoin(verticals, eq(verticals.id, clientCompanies.verticalId))
      .where(and(ne(clientCompanies.status, TRIAL_COMPANY_STATUS), where))
      .orderBy(asc(clientCompanies.id));

  const notProspect = ne(clientCompanies.status, PROSPECT_COMPANY_STATUS);

  // The client record is the dashboard's most frequent read: its query is built once.
  const findByIdQuery = select(eq(clientCompanies.id, sql.placeholder('companyId'))).prepare(
    'clients_find_by_id',
  );

  return {
    async findById(companyId: number): Promise<ClientRecord | null> {
      const [row] = await findByIdQuery.execute({ companyId });
      return row ? toRecord(row) : null;
    },
    // Lists leave out custom-rank prospects too (not clients); their own record stays
    // readable by the employee who made them, for the scan screens.
    async listAll(): Promise<ClientRecord[]> {
      return (await select(notProspect)).map(toRecord);
    },
    async listByIds(ids: number[]): Promise<ClientRecord[]> {
      if (ids.length === 0) return [];
      return (await select(and(inArray(clientCompanies.id, ids), notProspect))).map(toRecord);
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
