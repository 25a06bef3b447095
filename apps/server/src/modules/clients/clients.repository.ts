import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { clientCompanies } from '../../db/schema';

const columns = {
  id: clientCompanies.id,
  name: clientCompanies.name,
  label: clientCompanies.label,
};

export function createClientsRepository(db: Db) {
  return {
    async findById(id: number) {
      const [row] = await db
        .select(columns)
        .from(clientCompanies)
        .where(eq(clientCompanies.id, id));
      return row ?? null;
    },
    async listAll() {
      return db.select(columns).from(clientCompanies).orderBy(asc(clientCompanies.id));
    },
    async listByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select(columns)
        .from(clientCompanies)
        .where(inArray(clientCompanies.id, ids))
        .orderBy(asc(clientCompanies.id));
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
