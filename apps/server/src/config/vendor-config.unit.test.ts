import { describe, expect, it } from 'vitest';
import {
  createLlmProvider,
  createReviewsProviders,
} from '../platform/provider-registry/vendor-providers';
import { parseVendorConfig, VendorConfigError } from './vendor-config';

const recordCall = async () => {};

describe('vendor configuration', () => {
  it('defaults to the demo adapters and the vendors’ own addresses', () => {
    expect(parseVendorConfig({})).toEqual({
      googleBusinessProfile: {
        mode: 'demo',
        baseUrl: 'https://mybusiness.googleapis.com',
        timeoutMs: 15_000,
      },
      facebookPage: {
        mode: 'demo',
        baseUrl: 'https://graph.facebook.com',
        graphVersion: 'v19.0',
        timeoutMs: 15_000,
      },
      facebookAds: {
        mode: 'demo',
        baseUrl: 'https://graph.facebook.com',
        graphVersion: 'v19.0',
        timeoutMs: 15_000,
      },
      googleAds: {
        mode: 'demo',
        baseUrl: 'https://googleads.googleapis.com',
        apiVersion: 'v21',
        timeoutMs: 15_000,
      },
      lsa: {
        mode: 'demo',
        baseUrl: 'https://googleads.googleapis.com',
        apiVersion: 'v21',
        timeoutMs: 15_000,
      },
      callTracking: {
        mode: 'demo',
        baseUrl: 'https://api.calltrackingmetrics.com',
        timeoutMs: 15_000,
      },
      beaconstac: { mode: 'demo', baseUrl: 'https://api.beaconstac.com', timeoutMs: 15_000 },
      listingsVendor: {
        mode: 'demo',
        baseUrl: 'https://api.listings-vendor.example/v1',
        timeoutMs: 15_000,
      },
      pageSpeed: { mode: 'demo', baseUrl: 'https://www.googleapis.com', timeoutMs: 60_000 },
      hosting: { mode: 'demo', timeoutMs: 15_000 },
      payments: { mode: 'demo', timeoutMs: 15_000 },
      llm: {
        mode: 'demo',
        model: 'gemini-2.5-flash',
        baseUrl: 'https://generativelanguage.googleapis.com',
        timeoutMs: 15_000,
      },
    });
    const config = parseVendorConfig({ GBP_PROVIDER: '', LLM_PROVIDER: '  ' });
    const providers = createReviewsProviders(config, { recordCall });
    expect([providers.google.vendor, providers.google.mode]).toEqual([
      'google-business-profile',
      'demo',
    ]);
    expect([providers.facebook.vendor, providers.facebook.mode]).toEqual(['facebook-page', 'demo']);
    expect(createLlmProvider(config, { recordCall })).toMatchObject({ name: 'demo', mode: 'demo' });
  });

  it('builds the live adapters from the environment', () => {
    const config = parseVendorConfig({
      GBP_PROVIDER: 'live',
      GBP_API_URL: 'http://127.0.0.1:4100',
      FACEBOOK_PAGE_PROVIDER: 'live',
      FACEBOOK_GRAPH_URL: 'http://127.0.0.1:4101',
      FACEBOOK_GRAPH_VERSION: 'v21.0',
      LLM_PROVIDER: 'gemini',
      GEMINI_API_KEY: 'key-abc',
      GEMINI_MODEL: 'gemini-2.0-flash',
      GEMINI_API_URL: 'http://127.0.0.1:4102',
      VENDOR_TIMEOUT_MS: '2500',
    });
    expect(config.facebookPage).toEqual({
      mode: 'live',
      baseUrl: 'http://127.0.0.1:4101',
      graphVersion: 'v21.0',
      timeoutMs: 2_500,
    });
    expect(config.llm).toEqual({
      mode: 'gemini',
      apiKey: 'key-abc',
      model: 'gemini-2.0-flash',
      baseUrl: 'http://127.0.0.1:4102',
      timeoutMs: 2_500,
    });
    const providers = createReviewsProviders(config, { recordCall });
    expect(providers.google.mode).toBe('live');
    expect(providers.facebook.mode).toBe('live');
    expect(createLlmProvider(config, { recordCall })).toMatchObject({
      name: 'gemini',
      mode: 'live',
    });
  });

  it('needs both CallTrackingMetrics keys for the live adapter, never echoing them', () => {
    expect(() => parseVendorConfig({ CTM_PROVIDER: 'live', CTM_ACCESS_KEY: 'a-key' })).toThrow(
      'CTM_PROVIDER=live needs CTM_ACCESS_KEY and CTM_SECRET_KEY',
    );
    const config = parseVendorConfig({
      CTM_PROVIDER: 'live',
      CTM_API_URL: 'http://127.0.0.1:9',
      CTM_ACCESS_KEY: 'a-key',
      CTM_SECRET_KEY: 's-key',
    });
    expect(config.callTracking).toEqual({
      mode: 'live',
      baseUrl: 'http://127.0.0.1:9',
      accessKey: 'a-key',
      secretKey: 's-key',
      timeoutMs: 15_000,
    });
  });

  it('reads the Uniqode (Beaconstac) adapter settings, never echoing its key', () => {
    const config = parseVendorConfig({
      BEACONSTAC_PROVIDER: 'live',
      BEACONSTAC_API_URL: 'http://127.0.0.1:9/',
      BEACONSTAC_API_KEY: 'bstac-key',
    });
    expect(config.beaconstac).toEqual({
      mode: 'live',
      baseUrl: 'http://127.0.0.1:9/',
      apiKey: 'bstac-key',
      timeoutMs: 15_000,
    });
    expect(() =>
      parseVendorConfig({ BEACONSTAC_PROVIDER: 'vendor', BEACONSTAC_API_KEY: 'bstac-key' }),
    ).toThrow(/BEACONSTAC_PROVIDER must be demo or live/);
  });

  it('reads the listings vendor settings and needs its key when live', () => {
    const config = parseVendorConfig({
      LISTINGS_PROVIDER: 'live',
      LISTINGS_API_URL: 'http://127.0.0.1:9/v1',
      LISTINGS_API_KEY: 'listings-key',
    });
    expect(config.listingsVendor).toEqual({
      mode: 'live',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'listings-key',
      timeoutMs: 15_000,
    });
    expect(() => parseVendorConfig({ LISTINGS_PROVIDER: 'live' })).toThrow(
      'LISTINGS_PROVIDER=live needs LISTINGS_API_URL and LISTINGS_API_KEY',
    );
  });

  it('reads PageSpeed Insights and the cPanel host, never echoing the PSI key', () => {
    const demo = parseVendorConfig({});
    expect(demo.pageSpeed).toEqual({
      mode: 'demo',
      baseUrl: 'https://www.googleapis.com',
      timeoutMs: 60_000,
    });
    expect(demo.hosting).toEqual({ mode: 'demo', timeoutMs: 15_000 });
    const live = parseVendorConfig({
      PAGESPEED_PROVIDER: 'live',
      PAGESPEED_API_KEY: 'psi-key-123',
      HOSTING_PROVIDER: 'live',
      HOSTING_CPANEL_URL: 'https://host.example.com:2083',
    });
    expect(live.pageSpeed).toMatchObject({ mode: 'live', apiKey: 'psi-key-123' });
    expect(live.hosting).toMatchObject({
      mode: 'live',
      cpanelUrl: 'https://host.example.com:2083',
    });
    expect(() => parseVendorConfig({ HOSTING_PROVIDER: 'live' })).toThrow(/HOSTING_CPANEL_URL/);
    expect(() =>
      parseVendorConfig({ PAGESPEED_PROVIDER: 'fast', PAGESPEED_API_KEY: 'psi-key-123' }),
    ).toThrow(/PAGESPEED_PROVIDER must be demo or live/);
    try {
      parseVendorConfig({ PAGESPEED_API_URL: 'nope', PAGESPEED_API_KEY: 'psi-key-123' });
    } catch (e) {
      expect((e as Error).message).not.toContain('psi-key-123');
    }
  });

  it('needs both Stripe secrets for live payments, never echoing them', () => {
    expect(() =>
      parseVendorConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc123' }),
    ).toThrow('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    const config = parseVendorConfig({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_def456',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    expect(config.payments).toEqual({
      mode: 'stripe',
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_def456',
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 15_000,
    });
    let error: unknown;
    try {
      parseVendorConfig({
        PAYMENTS_PROVIDER: 'paypal',
        STRIPE_SECRET_KEY: 'pk_test_public-by-mistake',
        STRIPE_WEBHOOK_SECRET: 'not-a-whsec',
      });
    } catch (e) {
      error = e;
    }
    expect((error as VendorConfigError).problems).toEqual([
      'PAYMENTS_PROVIDER must be demo or stripe (got "paypal")',
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_…)',
      "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…)",
    ]);
    expect((error as Error).message).not.toMatch(/public-by-mistake|not-a-whsec/);
  });

  it('needs a key for Gemini and says so', () => {
    expect(() => parseVendorConfig({ LLM_PROVIDER: 'gemini' })).toThrow(
      'LLM_PROVIDER=gemini needs GEMINI_API_KEY',
    );
  });

  it('lists every wrong value at once, never echoing the key', () => {
    let error: unknown;
    try {
      parseVendorConfig({
        GBP_PROVIDER: 'google',
        FACEBOOK_GRAPH_VERSION: '19',
        VENDOR_TIMEOUT_MS: 'soon',
        GEMINI_API_URL: 'ftp://x',
        GEMINI_MODEL: 'bad model/../x',
        GEMINI_API_KEY: 'secret-key-value',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(VendorConfigError);
    const problems = (error as VendorConfigError).problems;
    expect(problems).toEqual([
      'GBP_PROVIDER must be demo or live (got "google")',
      'FACEBOOK_GRAPH_VERSION must look like v19.0 (got "19")',
      'GEMINI_MODEL must be a model name such as gemini-2.5-flash (got "bad model/../x")',
      'GEMINI_API_URL must be an http(s) URL (got "ftp://x")',
      'VENDOR_TIMEOUT_MS must be a number of milliseconds (got "soon")',
    ]);
    expect((error as Error).message).not.toContain('secret-key-value');
  });
});
