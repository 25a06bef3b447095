import { type AlertKind, DEMO_ACCOUNTS } from '@pinpoint/contracts';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { alerts, clientCompanies, clientMembers, users } from '../../kernel/db/schema';

/** Not the demo accounts' lock: the two seeds may run one after the other in one start. */
const SEED_LOCK = 7_301_950;
const HOUR_MS = 3_600_000;

interface DemoAlert {
  kind: AlertKind;
  ageHours: number;
  read: boolean;
  title: string;
  body: (label: string) => string;
}

/** Something of every kind, read and unread, newest first; the same for every company. */
export const DEMO_ALERTS: DemoAlert[] = [
  {
    kind: 'grid',
    ageHours: 2,
    read: false,
    title: 'Average rank dropped in the north of your grid',
    body: (label) =>
      `${label} fell from an average of 3.2 to 5.8 at 9 of 49 points since last week's scan.`,
  },
  {
    kind: 'listing',
    ageHours: 26,
    read: false,
    title: 'Phone number differs on Yelp',
    body: (label) =>
      `The phone number Yelp shows for ${label} does not match your Google Business Profile.`,
  },
  {
    kind: 'grid',
    ageHours: 74,
    read: true,
    title: 'New top-3 positions',
    body: (label) => `${label} now ranks in the top 3 at 14 of 49 grid points.`,
  },
  {
    kind: 'freemium',
    ageHours: 150,
    read: true,
    title: 'Your free rank scan is ready',
    body: () => 'See where you stand on a 5×5 grid around your business.',
  },
  {
    kind: 'listing',
    ageHours: 290,
    read: true,
    title: 'Bing Places listing verified',
    body: (label) => `The listing for ${label} is live and matches your details.`,
  },
];

/**
 * Gives each demo company (one a demo account belongs to) the demo alerts, if it has no
 * alerts yet: idempotent, so it runs at every start with demo accounts on. Dates are
 * relative to now. Under an advisory lock, so processes starting together seed once.
 * Returns how many companies got alerts.
 */
export async function seedDemoAlerts(db: Db, now = new Date()): Promise<number> {
  const demoEmails = DEMO_ACCOUNTS.map((account) => account.email);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const companies = await tx
      .selectDistinct({ id: clientCompanies.id, label: clientCompanies.label })
      .from(clientCompanies)
      .innerJoin(clientMembers, eq(clientMembers.companyId, clientCompanies.id))
      .innerJoin(users, eq(users.id, clientMembers.userId))
      .where(
        and(
          inArray(users.email, demoEmails),
          notExists(
            tx.select({ one: sql`1` }).from(alerts).where(eq(alerts.companyId, clientCompanies.id)),
          ),
        ),
      )
      .orderBy(asc(clientCompanies.id));
    if (companies.length === 0) return 0;
    await tx.insert(alerts).values(
      companies.flatMap((company) =>
        DEMO_ALERTS.map((alert) => ({
          companyId: company.id,
          kind: alert.kind,
          title: alert.title,
          body: alert.body(company.label),
          read: alert.read,
          createdAt: new Date(now.getTime() - alert.ageHours * HOUR_MS),
        })),
      ),
    );
    return companies.length;
  });
}
