import { AdsEstimator } from '../../../features/google-ads/components/ads-estimator';

/**
 * /dashboard/employee/ads-estimator (staff): keyword ideas and a month's forecast for a
 * keyword list, a US geo target and a budget (`estimator/calculate` of `POST /api/googleads/`).
 */
function Component() {
  return (
    <section>
      <h1 className="h3 mb-1">Ads estimator</h1>
      <p className="text-body-secondary">
        Keyword ideas and a 30-day Google Ads forecast (impressions, clicks, cost, conversions) for
        keywords in one place at a monthly budget. Live it is Google Ads keyword planning; the page
        says which source answered.
      </p>
      <AdsEstimator />
    </section>
  );
}

export { Component };
