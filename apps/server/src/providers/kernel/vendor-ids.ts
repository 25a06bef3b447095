/**
 * Every vendor's id, defined once: the `vendor` of its connections, syncs and outbox rows,
 * the name its calls are counted under on the status page, and the label of its errors.
 */

/** Google Business Profile: reviews, posts, photos, Q&A, listing, performance. */
export const GBP_VENDOR = 'google-business-profile' as const;
/** A Facebook page: ratings and posts (Graph API). */
export const FACEBOOK_VENDOR = 'facebook-page' as const;
/** Meta ads: campaigns, insights and lead forms (Marketing API). */
export const FACEBOOK_ADS_VENDOR = 'facebook-ads' as const;
/** Google Ads: campaigns and their daily metrics, and the keyword planner. */
export const GOOGLE_ADS_VENDOR = 'google-ads' as const;
/** Local Services Ads: leads, calls and their recordings. */
export const LSA_VENDOR = 'google-ads-lsa' as const;
/** Call tracking (CallTrackingMetrics): calls and recordings. */
export const CALL_TRACKING_VENDOR = 'call-tracking' as const;
/** The business-listings network: directory listings and their scans. */
export const LISTINGS_VENDOR = 'listings-vendor' as const;
/** Website hosting (cPanel). */
export const HOSTING_VENDOR = 'hosting' as const;
/** QR codes (Beaconstac). */
export const BEACONSTAC_VENDOR = 'beaconstac' as const;
/** PageSpeed Insights. */
export const PAGE_SPEED_VENDOR = 'pagespeed' as const;
/** Search-engine data for the sales tool (DataForSEO). */
export const SEO_VENDOR = 'seo' as const;
/** Payments (Stripe Checkout). */
export const STRIPE_VENDOR = 'stripe' as const;
/** Text messages (Twilio). */
export const TWILIO_VENDOR = 'twilio' as const;
/** Drafted replies and answers (Gemini). */
export const GEMINI_VENDOR = 'gemini' as const;
/** Place search and details (Google Places API, New). */
export const GOOGLE_PLACES_PROVIDER = 'google-places' as const;
/** Map-pack results for the rank grids (DataForSEO). */
export const DATAFORSEO_PROVIDER = 'dataforseo' as const;
