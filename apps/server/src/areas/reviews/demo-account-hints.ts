import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, vendorConnections } from '../../kernel/db/schema';
import type { DemoBusinessHint } from '../../platform/provider-registry/vendor-providers';

/**
 * The demo reviews adapters word their reviews for the business (its name, its trade). The
 * seed and the running server must describe an account alike, or a re-sync would see every
 * review's text change: both take it from the company the connection belongs to.
 */
export function demoHintOf(company: {
  name: string;
  primaryCategory: string | null;
  phone?: string | null;
}): DemoBusinessHint {
  return { businessName: company.name, trade: company.primaryCategory, phone: company.phone };
}

export async function loadDemoHints(db: Db): Promise<Map<string, DemoBusinessHint>> {
  const rows = await db
    .select({
      account: vendorConnections.externalAccount,
      name: clientCompanies.name,
      primaryCategory: clientCompanies.primaryCategory,
      phone: clientCompanies.phone,
    })
    .from(vendorConnections)
    .innerJoin(clientCompanies, eq(clientCompanies.id, vendorConnections.companyId));
  return new Map(rows.map((row) => [row.account, demoHintOf(row)]));
}
