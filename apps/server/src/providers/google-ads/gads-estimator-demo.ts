import {
  createEstimatorModel,
  type EstimatorSampleRow,
  NoEstimatorSample,
} from './gads-estimator-model';
import type { GoogleAdsProvider } from './port';

/** Reads the model's calibration sample (our stored demo figures); see gads-estimator-model.ts. */
export type EstimatorSampleLoader = () => Promise<EstimatorSampleRow[]>;

/**
 * The estimator half of the demo adapter: the calibrated model of gads-estimator-model.ts
 * over the figures the demo syncs stored. The sample is read once per call; the two calls
 * of one estimate (ideas, forecast) share it when made together.
 */
export function createGadsEstimatorDemo(
  loadSample: EstimatorSampleLoader | undefined,
): Pick<GoogleAdsProvider, 'generateKeywordIdeas' | 'forecast'> {
  let pending: Promise<ReturnType<typeof createEstimatorModel>> | null = null;
  const model = () => {
    if (!loadSample) return Promise.reject(new NoEstimatorSample());
    if (!pending) {
      pending = loadSample().then(createEstimatorModel);
      // Only concurrent calls share one read: the next estimate sees newer figures.
      const clear = () => {
        pending = null;
      };
      pending.then(clear, clear);
    }
    return pending;
  };
  return {
    generateKeywordIdeas: async (_access, request) => (await model()).keywordIdeas(request),
    forecast: async (_access, request) => (await model()).forecast(request),
  };
}
