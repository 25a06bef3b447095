import { and, asc, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  alerts,
  clientCompanies,
  keywords,
  productInstances,
  websiteChecks,
  websiteIncidents,
  websiteSites,
  websiteUptimeDays,
} from '../../kernel/db/schema';
import type { SiteCheckResult } from './site-check';

export type SiteRow = typeof websiteSites.$inferSelect;
export type IncidentRow = typeof websiteIncidents.$inferSelect;

/** What recording one check changed, for the event and the alert. */
export interface RecordedCheck {
  site: SiteRow;
  incident: 'opened' | 'closed' | null;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function createWebsitesRepository(db: Db) {
  return {
    async siteOfProduct(productId: number): Promise<SiteRow | null> {
      const [row] = await db
        .select()
        .from(websiteSites)
        .where(eq(websiteSites.productInstanceId, productId));
      return row ?? null;
    },

    async siteById(siteId: number): Promise<SiteRow | null> {
      const [row] = await db.select().from(websiteSites).where(eq(websiteSites.id, siteId));
      return row ?? null;
    },

    /** Every site whose product still runs: the tick checks these. */
    async sitesToCheck(): Promise<number[]> {
      const rows = await db
        .select({ id: websiteSites.id })
        .from(websiteSites)
        .innerJoin(productInstances, eq(productInstances.id, websiteSites.productInstanceId))
        .where(sql`${productInstances.status} <> 'cancelled'`)
        .orderBy(asc(websiteSites.id));
      return rows.map((r) => r.id);
    },

    async updateSite(siteId: number, values: Partial<typeof websiteSites.$inferInsert>) {
      const [row] = await db
        .update(websiteSites)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(websiteSites.id, siteId))
        .returning();
      return row ?? null;
    },

    /**
     * Stores a check and moves the site's state on, in one transaction with the site row
     * locked (the tick's job and "Check now" may race): two failures in a row open an
     * incident (and its alert), the next success closes it.
     */
    async recordCheck(siteId: number, result: SiteCheckResult, at: Date): Promise<RecordedCheck> {
      return db.transaction(async (tx) => {
        const [site] = await tx
          .select()
          .from(websiteSites)
          .where(eq(websiteSites.id, siteId))
          .for('update');
        if (!site) throw new Error(`website site ${siteId} is gone`);
        await tx.insert(websiteChecks).values({
          siteId,
          checkedAt: at,
          up: result.up,
          statusCode: result.statusCode,
          responseMs: result.responseMs,
          errorKind: result.errorKind,
        });
        const answered = result.responseMs !== null;
        await tx
          .insert(websiteUptimeDays)
          .values({
            siteId,
            day: utcDay(at),
            checks: 1,
            upChecks: result.up ? 1 : 0,
            responseMsSum: result.responseMs ?? 0,
            responseCount: answered ? 1 : 0,
          })
          .onConflictDoUpdate({
            target: [websiteUptimeDays.siteId, websiteUptimeDays.day],
            set: {
              checks: sql`${websiteUptimeDays.checks} + 1`,
              upChecks: sql`${websiteUptimeDays.upChecks} + ${result.up ? 1 : 0}`,
              responseMsSum: sql`${websiteUptimeDays.responseMsSum} + ${result.responseMs ?? 0}`,
              responseCount: sql`${websiteUptimeDays.responseCount} + ${answered ? 1 : 0}`,
            },
          });

        let incident: RecordedCheck['incident'] = null;
        const next: Partial<typeof websiteSites.$inferInsert> = {
          lastCheckedAt: at,
          lastStatusCode: result.statusCode,
          lastResponseMs: result.responseMs,
          lastErrorKind: result.errorKind,
          lastError: result.error,
          ...(result.tlsExpiresAt && { tlsExpiresAt: result.tlsExpiresAt }),
          updatedAt: at,
        };
        if (result.up) {
          next.consecutiveFailures = 0;
          if (site.status !== 'up') {
            next.status = 'up';
            next.statusSince = at;
          }
          const closed = await tx
            .update(websiteIncidents)
            .set({ endedAt: at })
            .where(and(eq(websiteIncidents.siteId, siteId), isNull(websiteIncidents.endedAt)))
            .returning({ id: websiteIncidents.id });
          if (closed.length > 0) incident = 'closed';
        } else {
          next.consecutiveFailures = site.consecutiveFailures + 1;
          if (next.consecutiveFailures >= 2 && site.status !== 'down') {
            // The outage began at the first failed check of the run.
            const startedAt =
              site.consecutiveFailures >= 1 && site.lastCheckedAt ? site.lastCheckedAt : at;
            next.status = 'down';
            next.statusSince = startedAt;
            const [alert] = await tx
              .insert(alerts)
              .values({
                companyId: site.companyId,
                kind: 'uptime',
                title: `Your website is down: ${site.isDemo ? `demo site ${site.demoSlug}` : site.url}`,
                body: `Two checks in a row failed. ${result.error ?? ''}`.trim(),
                data: { siteId, productId: site.productInstanceId, errorKind: result.errorKind },
              })
              .returning({ id: alerts.id });
            await tx.insert(websiteIncidents).values({
              siteId,
              companyId: site.companyId,
              startedAt,
              cause: result.errorKind ?? 'network',
              statusCode: result.statusCode,
              alertId: alert?.id ?? null,
            });
            incident = 'opened';
          }
        }
        const [updated] = await tx
          .update(websiteSites)
          .set(next)
          .where(eq(websiteSites.id, siteId))
          .returning();
        return { site: updated ?? site, incident };
      });
    },

    /** Day aggregates between two UTC days (inclusive), oldest first. */
    async days(siteId: number, fromDay: string, toDay: string) {
      return db
        .select()
        .from(websiteUptimeDays)
        .where(
          and(
            eq(websiteUptimeDays.siteId, siteId),
            gte(websiteUptimeDays.day, fromDay),
            lte(websiteUptimeDays.day, toDay),
          ),
        )
        .orderBy(asc(websiteUptimeDays.day));
    },

    async recentChecks(siteId: number, since: Date) {
      return db
        .select({
          checkedAt: websiteChecks.checkedAt,
          up: websiteChecks.up,
          responseMs: websiteChecks.responseMs,
        })
        .from(websiteChecks)
        .where(and(eq(websiteChecks.siteId, siteId), gte(websiteChecks.checkedAt, since)))
        .orderBy(asc(websiteChecks.checkedAt))
        .limit(2000);
    },

    /** Incidents overlapping [from, to), newest first. */
    async incidents(siteId: number, from: Date, to: Date, limit = 100) {
      return db
        .select()
        .from(websiteIncidents)
        .where(
          and(
            eq(websiteIncidents.siteId, siteId),
            lt(websiteIncidents.startedAt, to),
            or(isNull(websiteIncidents.endedAt), gte(websiteIncidents.endedAt, from)),
          ),
        )
        .orderBy(desc(websiteIncidents.startedAt))
        .limit(limit);
    },

    /** Raw checks older than the cutoff go; the day aggregates keep the history. */
    async pruneChecks(before: Date): Promise<void> {
      await db.delete(websiteChecks).where(lt(websiteChecks.checkedAt, before));
    },

    /** What a demo site's pages show: the business behind it. */
    async demoSite(slug: string) {
      const [row] = await db
        .select({
          site: websiteSites,
          company: {
            name: clientCompanies.name,
            phone: clientCompanies.phone,
            email: clientCompanies.email,
            addressLine1: clientCompanies.addressLine1,
            addressLine2: clientCompanies.addressLine2,
            city: clientCompanies.city,
            state: clientCompanies.state,
            postalCode: clientCompanies.postalCode,
            category: clientCompanies.primaryCategory,
          },
        })
        .from(websiteSites)
        .innerJoin(clientCompanies, eq(clientCompanies.id, websiteSites.companyId))
        .where(and(eq(websiteSites.demoSlug, slug), eq(websiteSites.isDemo, true)));
      if (!row) return null;
      const services = await db
        .select({ keyword: keywords.keyword })
        .from(keywords)
        .where(eq(keywords.companyId, row.site.companyId))
        .orderBy(asc(keywords.id))
        .limit(8);
      return { ...row, services: services.map((s) => s.keyword) };
    },
  };
}

export type WebsitesRepository = ReturnType<typeof createWebsitesRepository>;
