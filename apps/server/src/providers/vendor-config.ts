import { z } from 'zod';
import {
  FACEBOOK_DEFAULT_BASE_URL,
  FACEBOOK_DEFAULT_VERSION,
} from './facebook-page/fb-ratings-live';
import { GBP_DEFAULT_BASE_URL } from './google-business-profile/gbp-reviews-live';
import { GEMINI_DEFAULT_BASE_URL, GEMINI_DEFAULT_MODEL } from './llm/gemini-llm';

/** How the reviews and AI-draft vendors are reached; demo (no vendor at all) by default. */
export interface VendorConfig {
  googleBusinessProfile: {
    mode: 'demo' | 'live';
    baseUrl: string;
    timeoutMs: number;
    /** The Business Information API (listings); its own host. Unset: Google's. */
    businessInfoUrl?: string;
  };
  facebookPage: { mode: 'demo' | 'live'; baseUrl: string; graphVersion: string; timeoutMs: number };
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
  FACEBOOK_PAGE_PROVIDER: z
    .enum(['demo', 'live'], { message: 'must be demo or live' })
    .default('demo'),
  FACEBOOK_GRAPH_URL: httpUrl.default(FACEBOOK_DEFAULT_BASE_URL),
  FACEBOOK_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v19.0')
    .default(FACEBOOK_DEFAULT_VERSION),
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
const SECRETS = new Set(['GEMINI_API_KEY']);

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
    },
    facebookPage: {
      mode: e.FACEBOOK_PAGE_PROVIDER,
      baseUrl: e.FACEBOOK_GRAPH_URL,
      graphVersion: e.FACEBOOK_GRAPH_VERSION,
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
