import type { Db } from '../../kernel/db/database';
import { leads } from '../../kernel/db/schema';

export type LeadRow = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;

export function createLeadsRepository(db: Db) {
  return {
    async insert(lead: NewLead): Promise<LeadRow> {
      const [row] = await db.insert(leads).values(lead).returning();
      if (!row) throw new Error('lead insert returned nothing');
      return row;
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
