import { type ActivityItem, type ActivityPage, rangeInstants } from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import { rangeTimeZone } from '../../platform/product-access/company-time-zone';
import type { ActivityListRow, ActivityRepository } from './activity.repository';

export interface ActivityListQuery {
  limit: number;
  offset: number;
  type?: string;
  from?: string;
  to?: string;
  tz?: string;
}

function toItem(row: ActivityListRow): ActivityItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    detail: row.detail,
    occurredAt: row.occurredAt.toISOString(),
    product:
      row.instanceId !== null && row.productSlug !== null && row.productName !== null
        ? { instanceId: row.instanceId, slug: row.productSlug, name: row.productName }
        : null,
  };
}

/** The activity feed (SPEC §7 `/api/uni/client/activity/{id}`): what the agency did for a client. */
export function createActivityService(repo: ActivityRepository) {
  return {
    async list(
      principal: Principal,
      companyId: number,
      query: ActivityListQuery,
    ): Promise<ActivityPage> {
      // The route's clientOf guard already ran; the service checks again, as every service does.
      if (!canAccessClient(principal, companyId)) throw accessDenied();
      const companyZone = await repo.companyTimeZone(companyId);
      if (companyZone === null) throw notFound('No such client.');
      const between =
        query.from && query.to
          ? rangeInstants({ from: query.from, to: query.to }, rangeTimeZone(query.tz, companyZone))
          : undefined;
      const page = await repo.list({
        companyId,
        type: query.type,
        between,
        limit: query.limit,
        offset: query.offset,
      });
      return {
        items: page.items.map(toItem),
        total: page.total,
        limit: query.limit,
        offset: query.offset,
      };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
