import type { ClientSettings, ClientSettingsView } from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { clientCompanies } from '../../kernel/db/schema';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';

const mayChange = (principal: Principal, companyId: number) =>
  principal.admin || principal.memberOf.includes(companyId);

/**
 * A client's own settings (whether staff replies wait for its approval). Everyone who may
 * see the client reads them; only its members and admins change them: the setting exists
 * to hold the agency's staff to the client's say.
 */
export function createClientSettingsService(db: Db) {
  async function read(principal: Principal, companyId: number): Promise<ClientSettingsView> {
    if (!canAccessClient(principal, companyId)) throw accessDenied();
    const [row] = await db
      .select({ approvalRequired: clientCompanies.approvalRequired })
      .from(clientCompanies)
      .where(eq(clientCompanies.id, companyId));
    if (!row) throw notFound('No such client.');
    return { ...row, canChange: mayChange(principal, companyId) };
  }
  return {
    read,
    async update(principal: Principal, companyId: number, settings: ClientSettings) {
      if (!mayChange(principal, companyId)) throw accessDenied();
      await db
        .update(clientCompanies)
        .set({ approvalRequired: settings.approvalRequired })
        .where(eq(clientCompanies.id, companyId));
      return read(principal, companyId);
    },
  };
}
