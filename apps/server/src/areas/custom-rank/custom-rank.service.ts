import {
  type CreatedGrids,
  type Prospect,
  type ProspectBusiness,
  type ProspectSearchResult,
  type prospectCreateSchema,
  type prospectSearchQuerySchema,
  scanMetricsSchema,
  scanStatusSchema,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError, badRequest } from '../../kernel/lib/app-error';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import { type SearchProvider, SearchProviderError } from '../../providers/search/port';
import type { PlacesService } from '../places';
import type { CustomRankRepository } from './custom-rank.repository';

type SearchQuery = z.output<typeof prospectSearchQuerySchema>;
type ProspectInput = z.output<typeof prospectCreateSchema>;

const SEARCH_UNAVAILABLE = 'Business search is not available right now. Try again in a minute.';

const nearError = (message: string) => badRequest(message, [{ path: 'querystring.near', message }]);

/** Words of a name, for putting the businesses whose name matches the query first. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1);
}

export interface CustomRankServiceDeps {
  repo: CustomRankRepository;
  /** The app's one search provider (the rank grid engine's `provider`). */
  provider: SearchProvider;
  places: PlacesService;
  /** Tells the employee's open sockets that they now see one more company. */
  events?: EventPublisher;
}

/** Prospect search, prospect companies and the grids an employee ran on them. */
export function createCustomRankService({ repo, provider, places, events }: CustomRankServiceDeps) {
  async function centreOf(near: SearchQuery['near']) {
    if ('point' in near) return { name: null, ...near.point };
    const place = await places.lookup(near.placeId);
    if (!place) throw nearError('No such place: pick a city from the search.');
    if (place.lat === null || place.lat === undefined || place.lng == null) {
      throw nearError('This place has no position: pick a city from the search.');
    }
    return { name: place.full_name, lat: place.lat, lng: place.lng };
  }

  return {
    /**
     * The local results for the query at the city's point: what a person would see searching
     * Google Maps there. Businesses whose name shares words with the query come first (a
     * name search), then the provider's order (a trade search).
     */
    async search(query: SearchQuery): Promise<ProspectSearchResult> {
      const near = await centreOf(query.near);
      let results: Awaited<ReturnType<SearchProvider['search']>>;
      try {
        results = await provider.search({ keyword: query.q, point: near });
      } catch (error) {
        if (error instanceof SearchProviderError) {
          throw new AppError(503, 'SERVICE_UNAVAILABLE', SEARCH_UNAVAILABLE, {
            headers: { 'retry-after': '60' },
          });
        }
        throw error;
      }
      const wanted = new Set(words(query.q));
      const businesses: (ProspectBusiness & { score: number; order: number })[] = [];
      results.forEach((result, order) => {
        // A business without a position cannot be the centre of a grid.
        if (result.lat === null || result.lng === null) return;
        const score = words(result.name).filter((word) => wanted.has(word)).length;
        businesses.push({ ...result, lat: result.lat, lng: result.lng, score, order });
      });
      businesses.sort((a, b) => b.score - a.score || a.order - b.order);
      return {
        near,
        businesses: businesses.map(({ score: _score, order: _order, ...business }) => business),
      };
    },

    /** The employee's prospect company for the business (made once per employee and place). */
    async prospect(principal: Principal, input: ProspectInput): Promise<Prospect> {
      const row = await repo.ensureProspect(principal.userId, input);
      if (row.created) {
        // Sockets opened before the assignment existed: have them re-read their access, so
        // the scan's progress events reach this employee.
        events?.publish({
          type: 'access.changed',
          payload: {},
          audience: { user: principal.userId },
        });
      }
      return {
        companyId: row.id,
        name: row.name,
        lat: row.lat,
        lng: row.lng,
        created: row.created,
      };
    },

    /** The grids this employee ran on prospects, newest first. */
    async created(
      principal: Principal,
      page: { limit: number; offset: number },
    ): Promise<CreatedGrids> {
      const { rows, total } = await repo.createdBy(principal.userId, page);
      return {
        total,
        limit: page.limit,
        offset: page.offset,
        grids: rows.map(({ scan, businessName }) => {
          const metrics = scanMetricsSchema.safeParse(scan.metrics);
          return {
            scanId: scan.id,
            companyId: scan.companyId,
            businessName,
            keyword: scan.keyword,
            size: scan.size,
            radius: scan.radius,
            unit: scan.unit === 'km' ? 'km' : 'mi',
            status: scanStatusSchema.catch('failed').parse(scan.status),
            pointsDone: scan.pointsDone,
            pointsTotal: scan.pointsTotal,
            createdAt: scan.createdAt.toISOString(),
            finishedAt: scan.finishedAt?.toISOString() ?? null,
            metrics: metrics.success ? metrics.data : null,
          };
        }),
      };
    },
  };
}

export type CustomRankService = ReturnType<typeof createCustomRankService>;
