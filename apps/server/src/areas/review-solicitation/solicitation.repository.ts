import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  productInstances,
  solicitationContacts,
  solicitationEvents,
  solicitationMessages,
  solicitationOptOuts,
  solicitationRequests,
  solicitationTemplates,
} from '../../kernel/db/schema';

/** Statements stay well under PostgreSQL's 65,535 bind parameters at this many rows. */
export const CHUNK = 500;

export type ContactRow = typeof solicitationContacts.$inferSelect;
export type MessageRow = typeof solicitationMessages.$inferSelect;
export type RequestRow = typeof solicitationRequests.$inferSelect;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Serialises the requests of one company (the 30-day rule is checked, then written). */
export async function lockCompany(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${0x5253_0001}, ${companyId})`);
}

export async function companyOf(db: Db, companyId: number) {
  const [row] = await db
    .select({
      id: clientCompanies.id,
      name: clientCompanies.name,
      timeZone: clientCompanies.timeZone,
      googlePlaceId: clientCompanies.googlePlaceId,
    })
    .from(clientCompanies)
    .where(eq(clientCompanies.id, companyId));
  return row ?? null;
}

/** The templates a company may use: its own and the agency's defaults, not archived. */
export const visibleTemplates = (companyId: number) =>
  and(
    isNull(solicitationTemplates.archivedAt),
    or(
      eq(solicitationTemplates.companyId, companyId),
      and(isNull(solicitationTemplates.companyId), eq(solicitationTemplates.isDefault, true)),
    ),
  );

/** One template the company may use (its own or a default), or null. */
export async function usableTemplate(db: Db, templateId: number, companyId: number) {
  const [row] = await db
    .select()
    .from(solicitationTemplates)
    .where(and(eq(solicitationTemplates.id, templateId), visibleTemplates(companyId)));
  return row ?? null;
}

/** A product with its company: what every review-request route scopes itself by. */
export async function productWithCompany(db: Db, productId: number) {
  const [row] = await db
    .select({
      id: productInstances.id,
      slug: productInstances.productSlug,
      companyId: productInstances.companyId,
      companyName: clientCompanies.name,
      timeZone: clientCompanies.timeZone,
      googlePlaceId: clientCompanies.googlePlaceId,
    })
    .from(productInstances)
    .innerJoin(clientCompanies, eq(clientCompanies.id, productInstances.companyId))
    .where(eq(productInstances.id, productId));
  return row ?? null;
}
export type ProductCompany = NonNullable<Awaited<ReturnType<typeof productWithCompany>>>;

/** The company's contacts with any of these phones or emails. */
export async function contactsByAddress(
  db: Db,
  companyId: number,
  phones: string[],
  emails: string[],
): Promise<ContactRow[]> {
  const found: ContactRow[] = [];
  for (const part of chunks(phones)) {
    found.push(
      ...(await db
        .select()
        .from(solicitationContacts)
        .where(
          and(
            eq(solicitationContacts.companyId, companyId),
            inArray(solicitationContacts.phone, part),
          ),
        )),
    );
  }
  for (const part of chunks(emails)) {
    found.push(
      ...(await db
        .select()
        .from(solicitationContacts)
        .where(
          and(
            eq(solicitationContacts.companyId, companyId),
            inArray(solicitationContacts.email, part),
          ),
        )),
    );
  }
  return found;
}

/**
 * The addresses among these that are opted out of this company's messages: an opt-out of
 * the company's own or of every company (a STOP to the shared number), not revoked.
 */
export async function optedOutAddresses(
  db: Db,
  companyId: number,
  addresses: string[],
): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunks(addresses)) {
    const rows = await db
      .select({ address: solicitationOptOuts.address })
      .from(solicitationOptOuts)
      .where(
        and(
          inArray(solicitationOptOuts.address, part),
          or(eq(solicitationOptOuts.companyId, companyId), isNull(solicitationOptOuts.companyId)),
          isNull(solicitationOptOuts.revokedAt),
        ),
      );
    for (const row of rows) out.add(row.address);
  }
  return out;
}

/** Per contact, a request of theirs scheduled within (from, to): the 30-day rule. */
export async function requestsNear(
  db: Db,
  contactIds: number[],
  from: Date,
  to: Date,
): Promise<Map<number, Date>> {
  const near = new Map<number, Date>();
  for (const part of chunks(contactIds)) {
    const rows = await db
      .select({
        contactId: solicitationRequests.contactId,
        scheduledFor: solicitationRequests.scheduledFor,
      })
      .from(solicitationRequests)
      .where(
        and(
          inArray(solicitationRequests.contactId, part),
          gt(solicitationRequests.scheduledFor, from),
          lt(solicitationRequests.scheduledFor, to),
        ),
      );
    for (const row of rows) {
      const seen = near.get(row.contactId);
      if (!seen || row.scheduledFor > seen) near.set(row.contactId, row.scheduledFor);
    }
  }
  return near;
}

export type NewContact = typeof solicitationContacts.$inferInsert;
export type NewRequest = typeof solicitationRequests.$inferInsert;
export type NewMessage = typeof solicitationMessages.$inferInsert;
export type NewEvent = typeof solicitationEvents.$inferInsert;

export async function insertContacts(tx: Db, rows: NewContact[]): Promise<ContactRow[]> {
  return rows.length ? tx.insert(solicitationContacts).values(rows).returning() : [];
}

export async function insertRequests(tx: Db, rows: NewRequest[]) {
  return rows.length
    ? tx
        .insert(solicitationRequests)
        .values(rows)
        .returning({ id: solicitationRequests.id, token: solicitationRequests.token })
    : [];
}

export async function insertMessages(tx: Db, rows: NewMessage[]) {
  return rows.length
    ? tx.insert(solicitationMessages).values(rows).returning({
        id: solicitationMessages.id,
        requestId: solicitationMessages.requestId,
        sendAfter: solicitationMessages.sendAfter,
      })
    : [];
}

export async function insertEvents(tx: Db, rows: NewEvent[]): Promise<void> {
  if (rows.length) await tx.insert(solicitationEvents).values(rows);
}

/**
 * Fills a found contact's missing phone or email (when no other contact holds it) and takes
 * a newly given zone; answers the row as it is now.
 */
export async function completeContact(
  tx: Db,
  contact: ContactRow,
  phone: string | null,
  email: string | null,
  taken: (kind: 'phone' | 'email', value: string) => boolean,
  timeZone: string | null = null,
): Promise<ContactRow> {
  const set: Partial<NewContact> = {};
  if (!contact.phone && phone && !taken('phone', phone)) set.phone = phone;
  if (!contact.email && email && !taken('email', email)) set.email = email;
  // A zone given now is what the client knows today (the customer moved, or was guessed).
  if (timeZone && timeZone !== contact.timeZone) set.timeZone = timeZone;
  if (Object.keys(set).length === 0) return contact;
  await tx.update(solicitationContacts).set(set).where(eq(solicitationContacts.id, contact.id));
  return { ...contact, ...set };
}
