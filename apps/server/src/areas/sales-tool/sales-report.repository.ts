import { salesListingsSchema, salesPageSpeedSchema } from '@pinpoint/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  salesContainers,
  salesRecommendations,
  users,
} from '../../kernel/db/schema';

/**
 * What the prospect report reads of one container: the container, its business (the prospect
 * company), who works it and its recommendations. The grids are read by sales-analysis.
 */
export function createSalesReportRepository(db: Db) {
  return {
    async container(id: number) {
      const [row] = await db
        .select({
          id: salesContainers.id,
          companyId: salesContainers.companyId,
          ownerId: salesContainers.ownerId,
          stage: salesContainers.stage,
          keywords: salesContainers.keywords,
          rating: salesContainers.rating,
          reviewCount: salesContainers.reviewCount,
          listings: salesContainers.listings,
          pageSpeed: salesContainers.pageSpeed,
          business: {
            name: clientCompanies.name,
            addressLine1: clientCompanies.addressLine1,
            addressLine2: clientCompanies.addressLine2,
            city: clientCompanies.city,
            state: clientCompanies.state,
            postalCode: clientCompanies.postalCode,
            website: clientCompanies.website,
            category: clientCompanies.primaryCategory,
            googlePlaceId: clientCompanies.googlePlaceId,
          },
          ownerFirstName: users.firstName,
          ownerLastName: users.lastName,
        })
        .from(salesContainers)
        .innerJoin(clientCompanies, eq(clientCompanies.id, salesContainers.companyId))
        .leftJoin(users, eq(users.id, salesContainers.ownerId))
        .where(eq(salesContainers.id, id));
      if (!row) return null;
      // The jsonb columns are written by the power tool; anything unreadable shows as "none".
      const listings = salesListingsSchema.safeParse(row.listings);
      const pageSpeed = salesPageSpeedSchema.safeParse(row.pageSpeed);
      return {
        ...row,
        listings: listings.success ? listings.data : null,
        pageSpeed: pageSpeed.success ? pageSpeed.data : null,
        ownerName:
          row.ownerFirstName !== null
            ? `${row.ownerFirstName} ${row.ownerLastName ?? ''}`.trim()
            : null,
      };
    },

    recommendations(containerId: number) {
      return db
        .select({
          title: salesRecommendations.title,
          body: salesRecommendations.body,
          kind: salesRecommendations.kind,
          evidence: salesRecommendations.evidence,
        })
        .from(salesRecommendations)
        .where(eq(salesRecommendations.containerId, containerId))
        .orderBy(asc(salesRecommendations.position), asc(salesRecommendations.id));
    },

    /** Sharing the report moves a container still in prospecting to `shared`; won or lost stay. */
    async markShared(containerId: number) {
      await db
        .update(salesContainers)
        .set({ stage: 'shared', updatedAt: new Date() })
        .where(and(eq(salesContainers.id, containerId), eq(salesContainers.stage, 'prospecting')));
    },
  };
}

export type SalesReportRepository = ReturnType<typeof createSalesReportRepository>;
export type SalesReportContainer = NonNullable<
  Awaited<ReturnType<SalesReportRepository['container']>>
>;
