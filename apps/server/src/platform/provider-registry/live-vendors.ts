import type { AppConfig } from '../../config/config';
import {
  BEACONSTAC_VENDOR,
  CALL_TRACKING_VENDOR,
  DATAFORSEO_PROVIDER,
  FACEBOOK_ADS_VENDOR,
  FACEBOOK_VENDOR,
  GBP_VENDOR,
  GEMINI_VENDOR,
  GOOGLE_ADS_VENDOR,
  GOOGLE_PLACES_PROVIDER,
  HOSTING_VENDOR,
  LISTINGS_VENDOR,
  LSA_VENDOR,
  PAGE_SPEED_VENDOR,
  SEO_VENDOR,
  STRIPE_VENDOR,
  TWILIO_VENDOR,
} from '../../providers/kernel/vendor-ids';

/**
 * When each vendor is called for real rather than answered by its demo adapter, by the id
 * its calls are counted under. Every vendor id is here (live-vendors.unit.test.ts), so the
 * status page lists a newly added live vendor without anyone remembering to.
 */
export const LIVE_WHEN: Record<string, (config: AppConfig) => boolean> = {
  [GOOGLE_PLACES_PROVIDER]: (c) => c.places.provider === 'google',
  [DATAFORSEO_PROVIDER]: (c) => c.search.provider === 'dataforseo',
  [SEO_VENDOR]: (c) => c.seo.provider === 'dataforseo',
  [GBP_VENDOR]: (c) => c.vendors.googleBusinessProfile.mode === 'live',
  [FACEBOOK_VENDOR]: (c) => c.vendors.facebookPage.mode === 'live',
  [FACEBOOK_ADS_VENDOR]: (c) => c.vendors.facebookAds.mode === 'live',
  [GOOGLE_ADS_VENDOR]: (c) => c.vendors.googleAds.mode === 'live',
  [LSA_VENDOR]: (c) => c.vendors.lsa.mode === 'live',
  [CALL_TRACKING_VENDOR]: (c) => c.vendors.callTracking.mode === 'live',
  [BEACONSTAC_VENDOR]: (c) => c.vendors.beaconstac.mode === 'live',
  [PAGE_SPEED_VENDOR]: (c) => c.vendors.pageSpeed.mode === 'live',
  [HOSTING_VENDOR]: (c) => c.vendors.hosting.mode === 'live',
  [LISTINGS_VENDOR]: (c) => c.vendors.listingsVendor.mode === 'live',
  [GEMINI_VENDOR]: (c) => c.vendors.llm.mode === 'gemini',
  [STRIPE_VENDOR]: (c) => c.vendors.payments.mode === 'stripe',
  [TWILIO_VENDOR]: (c) => c.messaging.sms.mode === 'twilio',
};

/** The vendors this configuration calls for real (the status page shows each of them). */
export function liveVendors(config: AppConfig): string[] {
  return Object.entries(LIVE_WHEN)
    .filter(([, isLive]) => isLive(config))
    .map(([vendor]) => vendor);
}
