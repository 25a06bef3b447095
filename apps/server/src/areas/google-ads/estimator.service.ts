import type { EstimatorResponse, estimatorRequestSchema } from '@pinpoint/contracts';
import type { z } from 'zod';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError, accessDenied, badRequest } from '../../kernel/lib/app-error';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import type { VendorGate } from '../../platform/vendor-sync/vendor-gate';
import { addDays } from '../../providers/google-ads/gads-days';
import { NoEstimatorSample } from '../../providers/google-ads/gads-estimator-model';
import { usGeoTargets } from '../../providers/google-ads/geotargets';
import type { GoogleAdsProvider } from '../../providers/google-ads/port';
import type { ConnectionAccess } from '../../providers/kernel/connection-access';
import { VendorError } from '../../providers/kernel/vendor-errors';
import type { EstimatorRepository } from './estimator.repository';
import { populationOf } from './geo-population';

type Body = z.output<typeof estimatorRequestSchema>;
/** Ids the geo target list gives cities until Google's CSV is loaded: not Google's constants. */
const LOCAL_ID_BASE = 2_000_000_000;
/** The forecast covers the next 30 days, from tomorrow (UTC). */
const FORECAST_DAYS = 30;

/**
 * The ads estimator (`estimator/calculate`): staff only (the page is under /employee and no
 * client's data is involved, so no product id). Keyword ideas and the forecast come from the
 * provider: Google Ads keyword planning on the agency's own customer when live, the demo
 * model calibrated on the stored figures otherwise; the answer names which.
 */
export function createEstimatorService(deps: {
  provider: GoogleAdsProvider;
  repo: EstimatorRepository;
  /** The agency's customer id (GOOGLE_ADS_ESTIMATOR_CUSTOMER_ID), digits only; live only. */
  customerId?: string | undefined;
  accessOf(connection: ConnectionRow): ConnectionAccess;
  gate(): VendorGate;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function accessFor(geoTargetId: string): Promise<ConnectionAccess> {
    if (deps.provider.mode === 'demo') return { externalAccount: 'demo', accessToken: null };
    if (!deps.customerId) {
      throw new AppError(
        503,
        'SERVICE_UNAVAILABLE',
        "The live ads estimator is not configured: set GOOGLE_ADS_ESTIMATOR_CUSTOMER_ID to the agency's own Google Ads customer id.",
      );
    }
    if (Number(geoTargetId) >= LOCAL_ID_BASE) {
      throw badRequest(
        "This city has a local id, not a Google geo target constant; choose its state, or load Google's geo target CSV (scripts/build-gads-geotargets.mjs).",
        [{ path: 'geoTarget', message: 'Choose a state or the country for a live estimate.' }],
      );
    }
    const connection = await deps.repo.connectionOfCustomer(deps.customerId);
    if (!connection) {
      throw new AppError(
        503,
        'SERVICE_UNAVAILABLE',
        `The live ads estimator has no connected Google Ads account for customer ${deps.customerId} (GOOGLE_ADS_ESTIMATOR_CUSTOMER_ID): connect it first.`,
      );
    }
    return deps.accessOf(connection);
  }

  async function calculate(principal: Principal, body: Body): Promise<EstimatorResponse> {
    if (!principal.perm && !principal.admin) {
      throw accessDenied('The ads estimator is for agency staff.');
    }
    const geo = usGeoTargets().byId.get(body.geoTarget);
    if (!geo) {
      throw badRequest('Choose a geo target from the US list.', [
        { path: 'geoTarget', message: 'No such geo target in the US list.' },
      ]);
    }
    const population = populationOf(geo.criteriaId);
    if (deps.provider.mode === 'demo' && !population) {
      throw badRequest(`No population is known for ${geo.canonicalName}; choose its state.`, [
        { path: 'geoTarget', message: 'Choose a place with a known population.' },
      ]);
    }
    // One keyword once, whatever its case.
    const seen = new Set<string>();
    const keywords = body.keywords.filter((k) => {
      const key = k.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const access = await accessFor(geo.criteriaId);
    const today = now().toISOString().slice(0, 10);
    const period = { from: addDays(today, 1), to: addDays(today, FORECAST_DAYS) };
    const request = {
      keywords,
      geoTargetId: geo.criteriaId,
      population: population ?? 0,
      monthlyBudgetCents: body.monthlyBudgetCents,
      period,
    };
    const call = <T>(fn: () => Promise<T>) =>
      deps.provider.mode === 'live' ? deps.gate().run(fn) : fn();
    try {
      const ideas = await call(() => deps.provider.generateKeywordIdeas(access, request));
      const forecast = await call(() => deps.provider.forecast(access, request));
      return {
        report: 'estimator/calculate',
        geoTarget: { criteriaId: geo.criteriaId, canonicalName: geo.canonicalName },
        monthlyBudgetCents: body.monthlyBudgetCents,
        ideas: ideas.ideas,
        forecast: { period, ...forecast.forecast },
        source: forecast.source,
      };
    } catch (error) {
      if (error instanceof NoEstimatorSample) {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', error.message);
      }
      if (error instanceof VendorError) {
        throw new AppError(502, 'SERVICE_UNAVAILABLE', `The estimate failed: ${error.message}`);
      }
      throw error;
    }
  }

  return { calculate };
}
export type EstimatorService = ReturnType<typeof createEstimatorService>;
