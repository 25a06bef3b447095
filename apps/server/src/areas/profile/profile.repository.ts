import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { clientCompanies } from '../../kernel/db/schema';

/** The columns a profile change may write: contact fields and the picked place's names. */
export type ProfilePatch = Partial<
  Pick<
    typeof clientCompanies.$inferInsert,
    | 'phone'
    | 'email'
    | 'website'
    | 'addressLine1'
    | 'addressLine2'
    | 'postalCode'
    | 'placeId'
    | 'city'
    | 'county'
    | 'state'
    | 'country'
    | 'latitude'
    | 'longitude'
  >
>;

export function createProfileRepository(db: Db) {
  return {
    /** One UPDATE: the change lands whole or not at all. False when the company is gone. */
    async update(companyId: number, patch: ProfilePatch): Promise<boolean> {
      const rows = await db
        .update(clientCompanies)
        .set(patch)
        .where(eq(clientCompanies.id, companyId))
        .returning({ id: clientCompanies.id });
      return rows.length > 0;
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
