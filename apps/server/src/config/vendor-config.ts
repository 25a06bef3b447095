import { z } from 'zod';
import { CTM_DEFAULT_BASE_URL } from '../providers/call-tracking/ctm-live';
import {
  FACEBOOK_DEFAULT_BASE_URL,
  FACEBOOK_DEFAULT_VERSION,
} from '../providers/facebook-page/fb-ratings-live';
import { GADS_DEFAULT_API_VERSION, GADS_DEFAULT_BASE_URL } from '../providers/google-ads/gads-live';
import {
  LSA_DEFAULT_API_VERSION,
  LSA_DEFAULT_BASE_URL,
} from '../providers/google-ads-lsa/lsa-live';
import { GBP_DEFAULT_BASE_URL } from '../providers/google-business-profile/gbp-reviews-live';
import { LISTINGS_DEFAULT_BASE_URL } from '../providers/listings-vendor/listings-live';
import { GEMINI_DEFAULT_BASE_URL, GEMINI_DEFAULT_MODEL } from '../providers/llm/gemini-llm';
import {
  PAGE_SPEED_DEFAULT_BASE_URL,
  PAGE_SPEED_DEFAULT_TIMEOUT_MS,
} from '../providers/page-speed/page-speed-live';
import { BEACONSTAC_DEFAULT_BASE_URL } from '../providers/qr/beaconstac-live';

/** How the reviews and AI-draft vendors are reached; demo (no vendor at all) by default. */
export interface VendorConfig {
  googleBusinessProfile: {
    mode: 'demo' | 'live';
    baseUrl: string;
    timeoutMs: number;
    /** The Business Information API (listings); its own host. Unset: Google's. */
    businessInfoUrl?: string;
    /** The Business Profile Performance API (daily metrics); its own host. Unset: Google's. */
    performanceUrl?: string;
  };
  facebookPage: { mode: 'demo' | 'live'; baseUrl: string; graphVersion: string; timeoutMs: number };
  /** The Marketing API (ad insights): the same Graph host and version as the page's. */
  facebookAds: { mode: 'demo' | 'live'; baseUrl: string; graphVersion: string; timeoutMs: number };
  /** Local Services Ads through the Google Ads API (GAQL searchStream). */
  lsa: {
    mode: 'demo' | 'live';
    baseUrl: string;
    apiVersion: string;
    developerToken?: string;
    loginCustomerId?: string;
    timeoutMs: number;
  };
  /** Google Ads API (GAQL searchStream): the developer token and manager id from here, the OAuth token per connection. */
  googleAds: {
    mode: 'demo' | 'live';
    baseUrl: string;
    apiVersion: string;
    developerToken?: string;
    loginCustomerId?: string;
    timeoutMs: number;
    /** The agency's own customer whose keyword planning the ads estimator asks (live only). */
    estimatorCustomerId?: string;
  };
  /** CallTrackingMetrics REST API v1: the agency's access and secret keys (HTTP Basic). */
  callTracking: {
    mode: 'demo' | 'live';
    baseUrl: string;
    accessKey?: string;
    secretKey?: string;
    timeoutMs: number;
  };
  /** Uniqode (Beaconstac) REST API v2: the agency's key, unless a connection carries its own. */
  beaconstac: { mode: 'demo' | 'live'; baseUrl: string; apiKey?: string; timeoutMs: number };
  /** PageSpeed Insights API v5 (page speed of website products); the key is optional at Google. */
  pageSpeed: { mode: 'demo' | 'live'; baseUrl: string; apiKey?: string; timeoutMs: number };
  /** cPanel UAPI of the agency's hosting server; each connection carries its user's API token. */
  hosting: { mode: 'demo' | 'live'; cpanelUrl?: string; timeoutMs: number };
  /** The listings-management vendor (directory scans, fixes): the agency's API key. */
  listingsVendor: { mode: 'demo' | 'live'; baseUrl: string; apiKey?: string; timeoutMs: number };
  /**
   * "Pay now": demo charges the card or account on file at once; stripe hands the client to a
   * Stripe Checkout page and learns of the payment from its signed webhook.
   */
  payments: {
    mode: 'demo' | 'stripe';
    secretKey?: string;
    webhookSecret?: string;
    /** Another address for Stripe's API (a local fake in tests). Unset: api.stripe.com. */
    apiUrl?: string;
    timeoutMs: number;
  };
  llm: {
    mode: 'demo' | 'gemini';
    apiKey?: string;
    model: string;
    baseUrl: string;
    timeoutMs: number;
  };
}

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

const schema = z.object({
  GBP_PROVIDER: z.enum(['demo', 'live'], { message: 'must be demo or live' }).default('demo'),
  GBP_API_URL: httpUrl.default(GBP_DEFAULT_BASE_URL),
  GBP_BUSINESS_INFO_URL: httpUrl.optional(),
  GBP_PERFORMANCE_URL: httpUrl.optional(),
  FACEBOOK_PAGE_PROVIDER: z
    .enum(['demo', 'live'], { message: 'must be demo or live' })
    .default('demo'),
  FACEBOOK_GRAPH_URL: httpUrl.default(FACEBOOK_DEFAULT_BASE_URL),
  FACEBOOK_ADS_PROVIDER: z
    .enum(['demo', 'live'], { message: 'must be demo or live' })
    .default('demo'),
  FACEBOOK_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v19.0')
    .default(FACEBOOK_DEFAULT_VERSION),
  LSA_PROVIDER: z.enum(['demo', 'live'], { message: 'must be demo or live' }).default('demo'),
  LSA_API_URL: httpUrl.default(LSA_DEFAULT_BASE_URL),
  LSA_API_VERSION: z
    .string()
    .regex(/^v\d+$/, 'must look like v21')
    .default(LSA_DEFAULT_API_VERSION),
  LSA_DEVELOPER_TOKEN: z.string().optional(),
  LSA_LOGIN_CUSTOMER_ID: z
    .string()
    .regex(/^\d{3}-?\d{3}-?\d{4}$/, 'must be a customer id such as 123-456-7890')
    .optional(),
  GOOGLE_ADS_PROVIDER: z
    .enum(['demo', 'live'], { message: 'must be demo or live' })
    .default('demo'),
  GOOGLE_ADS_API_URL: httpUrl.default(GADS_DEFAULT_BASE_URL),
  GOOGLE_ADS_API_VERSION: z
    .string()
    .regex(/^v\d+$/, 'must look like v21')
    .default(GADS_DEFAULT_API_VERSION),
  GOOGLE_ADS_DEVELOPER_TOKEN: z.string().optional(),
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: z
    .string()
    .regex(/^\d{3}-?\d{3}-?\d{4}$/, 'must be a customer id such as 123-456-7890')
    .optional(),
  GOOGLE_ADS_ESTIMATOR_CUSTOMER_ID: z
    .string()
    .regex(/^\d{3}-?\d{3}-?\d{4}$/, 'must be a customer id such as 123-456-7890')
    .optional(),
  CTM_PROVIDER: z.enum(['demo', 'live'], { message: 'must be demo or live' }).default('demo'),
  CTM_API_URL: httpUrl.default(CTM_DEFAULT_BASE_URL),
  CTM_ACCESS_KEY: z.string().optional(),
  CTM_SECRET_KEY: z.string().optional(),
  BEACONSTAC_PROVIDER: z
    .enum(['demo', 'live'], { message: 'must be demo or live' })
    .default('demo'),
  BEACONSTAC_API_URL: httpUrl.default(BEACONSTAC_DEFAULT_BASE_URL),
  BEACONSTAC_API_KEY: z.string().optional(),
  PAGESPEED_PROVIDER: z.enum(['demo', 'live'], { message: 'must be demo or live' }).default('demo'),
  PAGESPEED_API_URL: httpUrl.default(PAGE_SPEED_DEFAULT_BASE_URL),
  PAGESPEED_API_KEY: z.string().optional(),
  HOSTING_PROVIDER: z.enum(['demo', 'live'], { message: 'must be demo or live' }).default('demo'),
  HOSTING_CPANEL_URL: httpUrl.optional(),
  LISTINGS_PROVIDER: z.enum(['demo', 'live'], { message: 'must be demo or live' }).default('demo'),
  LISTINGS_API_URL: httpUrl.optional(),
  LISTINGS_API_KEY: z.string().optional(),
  PAYMENTS_PROVIDER: z
    .enum(['demo', 'stripe'], { message: 'must be demo or stripe' })
    .default('demo'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  STRIPE_API_URL: httpUrl.optional(),
  LLM_PROVIDER: z.enum(['demo', 'gemini'], { message: 'must be demo or gemini' }).default('demo'),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_MODEL: z
    .string()
    .regex(/^[\w.-]+$/, 'must be a model name such as gemini-2.5-flash')
    .default(GEMINI_DEFAULT_MODEL),
  GEMINI_API_URL: httpUrl.default(GEMINI_DEFAULT_BASE_URL),
  VENDOR_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(100)
    .max(120_000)
    .default(15_000),
});

/** Names whose values are never repeated in an error message (it ends up in logs). */
const SECRETS = new Set([
  'GOOGLE_ADS_DEVELOPER_TOKEN',
  'LSA_DEVELOPER_TOKEN',
  'GEMINI_API_KEY',
  'LISTINGS_API_KEY',
  'PAGESPEED_API_KEY',
  'BEACONSTAC_API_KEY',
  'CTM_ACCESS_KEY',
  'CTM_SECRET_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

export class VendorConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid vendor configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'VendorConfigError';
  }
}

/**
 * Reads the reviews and LLM vendor settings from the environment. Empty values count as
 * unset, as in config.ts. Throws VendorConfigError listing every problem at once.
 */
export function parseVendorConfig(env: NodeJS.ProcessEnv): VendorConfig {
  const set = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
  const parsed = schema.safeParse(set);
  if (!parsed.success) {
    throw new VendorConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const given = set[name];
        const shown = given === undefined || SECRETS.has(name) ? '' : ` (got "${given}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  if (e.GOOGLE_ADS_PROVIDER === 'live' && !e.GOOGLE_ADS_DEVELOPER_TOKEN) {
    throw new VendorConfigError([
      'GOOGLE_ADS_PROVIDER=live needs GOOGLE_ADS_DEVELOPER_TOKEN (from the Google Ads API Center)',
    ]);
  }
  if (e.CTM_PROVIDER === 'live' && !(e.CTM_ACCESS_KEY && e.CTM_SECRET_KEY)) {
    throw new VendorConfigError([
      'CTM_PROVIDER=live needs CTM_ACCESS_KEY and CTM_SECRET_KEY (the agency API keys from CallTrackingMetrics)',
    ]);
  }
  // The listings vendor is the agency's choice (the adapter speaks Uberall's conventions), so
  // there is no default address to fall back on.
  if (e.LISTINGS_PROVIDER === 'live' && !(e.LISTINGS_API_URL && e.LISTINGS_API_KEY)) {
    throw new VendorConfigError([
      'LISTINGS_PROVIDER=live needs LISTINGS_API_URL and LISTINGS_API_KEY (the listings vendor API and the agency key)',
    ]);
  }
  if (e.HOSTING_PROVIDER === 'live' && !e.HOSTING_CPANEL_URL) {
    throw new VendorConfigError([
      'HOSTING_PROVIDER=live needs HOSTING_CPANEL_URL (the cPanel server, e.g. https://host.example.com:2083)',
    ]);
  }
  if (e.PAYMENTS_PROVIDER === 'stripe' && !(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)) {
    throw new VendorConfigError([
      "PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the API key and the webhook endpoint's signing secret from the Stripe dashboard)",
    ]);
  }
  if (e.LLM_PROVIDER === 'gemini' && !e.GEMINI_API_KEY) {
    throw new VendorConfigError([
      'LLM_PROVIDER=gemini needs GEMINI_API_KEY (an API key from Google AI Studio)',
    ]);
  }
  return {
    googleBusinessProfile: {
      mode: e.GBP_PROVIDER,
      baseUrl: e.GBP_API_URL,
      timeoutMs: e.VENDOR_TIMEOUT_MS,
      ...(e.GBP_BUSINESS_INFO_URL && { businessInfoUrl: e.GBP_BUSINESS_INFO_URL }),
      ...(e.GBP_PERFORMANCE_URL && { performanceUrl: e.GBP_PERFORMANCE_URL }),
    },
    facebookPage: {
      mode: e.FACEBOOK_PAGE_PROVIDER,
      baseUrl: e.FACEBOOK_GRAPH_URL,
      graphVersion: e.FACEBOOK_GRAPH_VERSION,
      timeoutMs: e.VENDOR_TIMEOUT_MS,
    },
    facebookAds: {
      mode: e.FACEBOOK_ADS_PROVIDER,
      baseUrl: e.FACEBOOK_GRAPH_URL,
      graphVersion: e.FACEBOOK_GRAPH_VERSION,
      timeoutMs: e.VENDOR_TIMEOUT_MS,
    },
    lsa: {
      mode: e.LSA_PROVIDER,
      baseUrl: e.LSA_API_URL,
      apiVersion: e.LSA_API_VERSION,
      ...(e.LSA_DEVELOPER_TOKEN && { developerToken: e.LSA_DEVELOPER_TOKEN }),
      ...(e.LSA_LOGIN_CUSTOMER_ID && { loginCustomerId: e.LSA_LOGIN_CUSTOMER_ID }),
      timeoutMs: e.VENDOR_TIMEOUT_MS,
    },
    googleAds: {
      mode: e.GOOGLE_ADS_PROVIDER,
      baseUrl: e.GOOGLE_ADS_API_URL,
      apiVersion: e.GOOGLE_ADS_API_VERSION,
      ...(e.GOOGLE_ADS_DEVELOPER_TOKEN && { developerToken: e.GOOGLE_ADS_DEVELOPER_TOKEN }),
      ...(e.GOOGLE_ADS_LOGIN_CUSTOMER_ID && {
        loginCustomerId: e.GOOGLE_ADS_LOGIN_CUSTOMER_ID.replace(/-/g, ''),
      }),
      ...(e.GOOGLE_ADS_ESTIMATOR_CUSTOMER_ID && {
        estimatorCustomerId: e.GOOGLE_ADS_ESTIMATOR_CUSTOMER_ID.replace(/-/g, ''),
      }),
      timeoutMs: e.VENDOR_TIMEOUT_MS,
    },
    callTracking: {
      mode: e.CTM_PROVIDER,
      baseUrl: e.CTM_API_URL,
      ...(e.CTM_ACCESS_KEY && { accessKey: e.CTM_ACCESS_KEY }),
      ...(e.CTM_SECRET_KEY && { secretKey: e.CTM_SECRET_KEY }),
      timeoutMs: e.VENDOR_TIMEOUT_MS,
    },
    beaconstac: {
      mode: e.BEACONSTAC_PROVIDER,
      baseUrl: e.BEACONSTAC_API_URL,
      ...(e.BEACONSTAC_API_KEY && { apiKey: e.BEACONSTAC_API_KEY }),
      timeoutMs: e.VENDOR_TIMEOUT_MS,
    },
    hosting: {
      mode: e.HOSTING_PROVIDER,
      ...(e.HOSTING_CPANEL_URL && { cpanelUrl: e.HOSTING_CPANEL_URL }),
      timeoutMs: e.VENDOR_TIMEOUT_MS,
    },
    pageSpeed: {
      mode: e.PAGESPEED_PROVIDER,
      baseUrl: e.PAGESPEED_API_URL,
      ...(e.PAGESPEED_API_KEY && { apiKey: e.PAGESPEED_API_KEY }),
      // Lighthouse takes 10–40 s at Google: never less than a minute.
      timeoutMs: Math.max(e.VENDOR_TIMEOUT_MS, PAGE_SPEED_DEFAULT_TIMEOUT_MS),
    },
    listingsVendor: {
      mode: e.LISTINGS_PROVIDER,
      baseUrl: e.LISTINGS_API_URL ?? LISTINGS_DEFAULT_BASE_URL,
      ...(e.LISTINGS_API_KEY && { apiKey: e.LISTINGS_API_KEY }),
      timeoutMs: e.VENDOR_TIMEOUT_MS,
    },
    payments: {
      mode: e.PAYMENTS_PROVIDER,
      ...(e.STRIPE_SECRET_KEY && { secretKey: e.STRIPE_SECRET_KEY }),
      ...(e.STRIPE_WEBHOOK_SECRET && { webhookSecret: e.STRIPE_WEBHOOK_SECRET }),
      ...(e.STRIPE_API_URL && { apiUrl: e.STRIPE_API_URL }),
      timeoutMs: e.VENDOR_TIMEOUT_MS,
    },
    llm: {
      mode: e.LLM_PROVIDER,
      ...(e.LLM_PROVIDER === 'gemini' ? { apiKey: e.GEMINI_API_KEY } : {}),
      model: e.GEMINI_MODEL,
      baseUrl: e.GEMINI_API_URL,
      timeoutMs: e.VENDOR_TIMEOUT_MS,
    },
  };
}
