import {
  hoursPeriodSchema,
  LISTING_FIELDS,
  type ListingField,
  type ListingFields,
  listingFieldsSchema,
  specialHoursSchema,
} from '@pinpoint/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import {
  alerts,
  businessProfiles,
  clientCompanies,
  googleListings,
  outbox,
  vendorConnections,
} from '../../kernel/db/schema';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import { normalField, normalPhone, readStoredFields } from './listing-compare';

export type GoogleListingRow = typeof googleListings.$inferSelect;
type CompanyRow = typeof clientCompanies.$inferSelect;
type ProfileRow = typeof businessProfiles.$inferSelect;

export const LISTING_SUBJECT = 'listing';
export const LISTING_WRITE_KIND = 'listing.patch';

/** Items of a list kept where they fit their schema (a stored odd one is dropped, not fatal). */
function valid<S extends z.ZodType>(schema: S, items: unknown[]): z.output<S>[] {
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Our side: the company record (name, address, phone, website, category) and its profile. */
export function ourListingFields(company: CompanyRow, profile: ProfileRow | null): ListingFields {
  const lines = [company.addressLine1, company.addressLine2].filter((l): l is string => !!l);
  return {
    title: company.name,
    primaryCategory: company.primaryCategory,
    additionalCategories: profile?.additionalCategories ?? [],
    address: lines.length
      ? {
          addressLines: lines,
          locality: company.city ?? '',
          administrativeArea: company.state ?? '',
          postalCode: company.postalCode ?? '',
          regionCode: company.country,
        }
      : null,
    phone: company.phone,
    website: company.website,
    regularHours: valid(hoursPeriodSchema, profile?.regularHours ?? []),
    specialHours: valid(specialHoursSchema, profile?.specialHours ?? []),
    attributes: listingFieldsSchema.shape.attributes.safeParse(profile?.attributes).data ?? {},
  };
}

/** Drizzle queries for Google listings and the company's own profile. */
export function createListingsRepository(db: Db) {
  return {
    /** The company's Business Profile connection: the product's own when it is one. */
    async profileConnection(companyId: number, preferred: number | null) {
      const rows = await db
        .select()
        .from(vendorConnections)
        .where(
          and(
            eq(vendorConnections.companyId, companyId),
            eq(vendorConnections.vendor, 'google-business-profile'),
          ),
        )
        .orderBy(asc(vendorConnections.id));
      return rows.find((r) => r.id === preferred) ?? rows[0] ?? null;
    },

    /** The Business Profile connection of an account id (the demo adapter's lookup). */
    async connectionByAccount(externalAccount: string): Promise<ConnectionRow | null> {
      const [row] = await db
        .select()
        .from(vendorConnections)
        .where(
          and(
            eq(vendorConnections.vendor, 'google-business-profile'),
            eq(vendorConnections.externalAccount, externalAccount),
          ),
        )
        .orderBy(asc(vendorConnections.id))
        .limit(1);
      return row ?? null;
    },

    async ourFields(companyId: number): Promise<ListingFields | null> {
      const [company] = await db
        .select()
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      if (!company) return null;
      const [profile] = await db
        .select()
        .from(businessProfiles)
        .where(eq(businessProfiles.companyId, companyId));
      return ourListingFields(company, profile ?? null);
    },

    async listing(connectionId: number): Promise<GoogleListingRow | null> {
      const [row] = await db
        .select()
        .from(googleListings)
        .where(eq(googleListings.connectionId, connectionId));
      return row ?? null;
    },

    /**
     * Stores a synced listing. The first one is stored as it is; afterwards the fields whose
     * value differs from what was stored (normalised, so a reformatting is not a change)
     * are Google's own changes, added to `changedFields`. Nothing is written when nothing
     * changed, nor when a push or an accept was stored after this fetch began (the fetch
     * may predate it; the next run reads Google afresh).
     */
    async storeSynced(
      tx: Db,
      connection: ConnectionRow,
      fields: ListingFields,
      fetchedAt: Date,
    ): Promise<{ written: number; changed: ListingField[] }> {
      const [existing] = await tx
        .select()
        .from(googleListings)
        .where(eq(googleListings.connectionId, connection.id))
        .for('update');
      if (!existing) {
        await tx
          .insert(googleListings)
          .values({ connectionId: connection.id, companyId: connection.companyId, fields });
        return { written: 1, changed: [] };
      }
      if (existing.updatedAt.getTime() > fetchedAt.getTime()) return { written: 0, changed: [] };
      const before = readStoredFields(existing.fields);
      const changed = LISTING_FIELDS.filter(
        (f) => normalField(f, before) !== normalField(f, fields),
      );
      if (changed.length === 0) return { written: 0, changed: [] };
      const now = new Date();
      await tx
        .update(googleListings)
        .set({
          fields,
          changedFields: [...new Set([...existing.changedFields, ...changed])],
          syncedAt: now,
          updatedAt: now,
        })
        .where(eq(googleListings.connectionId, connection.id));
      return { written: 1, changed };
    },

    /** A sent push: Google now has these values; they are no longer Google's own changes. */
    async applyPushed(
      tx: Db,
      connectionId: number,
      values: Partial<ListingFields>,
      fields: ListingField[],
    ): Promise<void> {
      const [existing] = await tx
        .select()
        .from(googleListings)
        .where(eq(googleListings.connectionId, connectionId))
        .for('update');
      if (!existing) return;
      await tx
        .update(googleListings)
        .set({
          fields: { ...readStoredFields(existing.fields), ...values },
          changedFields: existing.changedFields.filter((f) => !fields.includes(f as ListingField)),
          updatedAt: new Date(),
        })
        .where(eq(googleListings.connectionId, connectionId));
    },

    /** The agency has looked: no field is flagged any more. */
    async clearChanged(connectionId: number): Promise<void> {
      await db
        .update(googleListings)
        .set({ changedFields: [] })
        .where(eq(googleListings.connectionId, connectionId));
    },

    /** "Accept Google's": its values of `fields` become ours, in one transaction. */
    async acceptGoogle(
      companyId: number,
      connectionId: number,
      google: ListingFields,
      fields: ListingField[],
    ): Promise<void> {
      const has = (f: ListingField) => fields.includes(f);
      const company: Partial<CompanyRow> = {};
      if (has('title') && google.title) company.name = google.title;
      if (has('primaryCategory')) company.primaryCategory = google.primaryCategory;
      if (has('phone')) company.phone = normalPhone(google.phone) || null;
      if (has('website')) company.website = google.website;
      if (has('address') && google.address) {
        const [line1, ...rest] = google.address.addressLines;
        Object.assign(company, {
          addressLine1: line1 ?? null,
          addressLine2: rest.join(', ') || null,
          city: google.address.locality || null,
          state: google.address.administrativeArea || null,
          postalCode: google.address.postalCode || null,
          country: google.address.regionCode || 'US',
        } satisfies Partial<CompanyRow>);
      }
      const profile: Partial<ProfileRow> = {};
      if (has('additionalCategories')) profile.additionalCategories = google.additionalCategories;
      if (has('regularHours')) profile.regularHours = google.regularHours;
      if (has('specialHours')) profile.specialHours = google.specialHours;
      if (has('attributes')) profile.attributes = google.attributes;
      await db.transaction(async (tx) => {
        if (Object.keys(company).length) {
          await tx.update(clientCompanies).set(company).where(eq(clientCompanies.id, companyId));
        }
        if (Object.keys(profile).length) {
          await tx
            .insert(businessProfiles)
            .values({ companyId, ...profile })
            .onConflictDoUpdate({
              target: businessProfiles.companyId,
              set: { ...profile, updatedAt: new Date() },
            });
        }
        const [row] = await tx
          .select()
          .from(googleListings)
          .where(eq(googleListings.connectionId, connectionId))
          .for('update');
        if (row) {
          await tx
            .update(googleListings)
            .set({ changedFields: row.changedFields.filter((f) => !has(f as ListingField)) })
            .where(eq(googleListings.connectionId, connectionId));
        }
      });
    },

    /** One alert for the fields Google changed in one sync. */
    async insertListingAlert(
      companyId: number,
      connectionId: number,
      title: string,
      body: string,
      fields: ListingField[],
    ) {
      const [row] = await db
        .insert(alerts)
        .values({ companyId, kind: 'listing', title, body, data: { connectionId, fields } })
        .returning();
      return row ?? null;
    },

    /** The connection's push writes, newest first (a push is one or two rows). */
    async pushWrites(connectionId: number, limit = 4) {
      return db
        .select()
        .from(outbox)
        .where(and(eq(outbox.subjectType, LISTING_SUBJECT), eq(outbox.subjectId, connectionId)))
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit);
    },
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
