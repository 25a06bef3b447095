import { AreaList, type AreasOf } from '../platform/composition/area';
import { accountEmailsArea } from './account-emails';
import { activityArea } from './activity';
import { adSpecArea } from './ad-spec';
import { alertsArea } from './alerts';
import { billingArea } from './billing';
import { callTrackingArea } from './call-tracking';
import { clientSettingsArea } from './client-settings';
import { clientUsersArea } from './client-users';
import { clientsArea } from './clients';
import { customRankArea } from './custom-rank';
import { devPagesArea } from './dev-pages';
import { errorLogsArea } from './error-logs';
import { facebookAdsArea } from './facebook-ads';
import { googleAdsArea } from './google-ads';
import { googleQaArea } from './google-qa';
import { gridAlertsArea } from './grid-alerts';
import { gridBatchesArea } from './grid-batches';
import { gridConfigsArea } from './grid-configs';
import { gridReportArea } from './grid-report';
import { hostingArea } from './hosting';
import { leadsArea } from './leads';
import { leadsCenterArea } from './leads-center';
import { listingDirectoriesArea } from './listing-directories';
import { listingScansArea } from './listing-scans';
import { listingsArea } from './listings';
import { lsaArea } from './lsa';
import { notificationsArea } from './notifications';
import { overviewArea } from './overview';
import { pageSpeedArea } from './page-speed';
import { paymentsArea } from './payments';
import { performanceReportArea } from './performance-report';
import { photosArea } from './photos';
import { placesArea } from './places';
import { postsArea } from './posts';
import { productsArea } from './products';
import { profileArea } from './profile';
import { qrCodesArea } from './qr-codes';
import { rankGifArea } from './rank-gif';
import { rankGridArea } from './rank-grid';
import { rankHistoryArea } from './rank-history';
import { reviewSolicitationArea } from './review-solicitation';
import { reviewsArea } from './reviews';
import { roiArea } from './roi';
import { salesToolArea } from './sales-tool';
import { scanShareArea } from './scan-share';
import { supportRequestsArea } from './support-requests';
import { systemArea } from './system';
import { verticalsArea } from './verticals';
import { websiteFormsArea } from './website-forms';
import { websitesArea } from './websites';

/**
 * Every product area, in the order the server registers them (main/compose.ts). `add`
 * refuses an area before the areas it needs, so this order is checked by the compiler; the
 * demo seed runs the areas' seeds in an order of its own (seed/demo-agency.ts).
 */
export const areaCatalog = AreaList.empty()
  .add(systemArea)
  .add(clientsArea)
  .add(clientSettingsArea)
  .add(errorLogsArea)
  .add(alertsArea)
  .add(notificationsArea)
  .add(productsArea)
  .add(supportRequestsArea)
  .add(activityArea)
  .add(billingArea)
  .add(roiArea)
  .add(overviewArea)
  .add(placesArea)
  .add(profileArea)
  .add(accountEmailsArea)
  .add(clientUsersArea)
  .add(leadsArea)
  .add(listingDirectoriesArea)
  .add(rankGridArea)
  .add(scanShareArea)
  .add(rankGifArea)
  .add(gridAlertsArea)
  .add(rankHistoryArea)
  .add(gridBatchesArea)
  .add(gridReportArea)
  .add(verticalsArea)
  .add(customRankArea)
  .add(gridConfigsArea)
  .add(reviewsArea)
  .add(postsArea)
  .add(photosArea)
  .add(googleQaArea)
  .add(listingsArea)
  .add(listingScansArea)
  .add(lsaArea)
  .add(callTrackingArea)
  .add(facebookAdsArea)
  .add(googleAdsArea)
  .add(websitesArea)
  .add(performanceReportArea)
  .add(pageSpeedArea)
  .add(hostingArea)
  .add(leadsCenterArea)
  .add(websiteFormsArea)
  .add(reviewSolicitationArea)
  .add(qrCodesArea)
  .add(adSpecArea)
  .add(salesToolArea)
  .add(devPagesArea)
  .add(paymentsArea);

/** What the areas export, by name (`app.areas`: tests reach an area's engine through it). */
export type AreaExports = AreasOf<typeof areaCatalog>;
