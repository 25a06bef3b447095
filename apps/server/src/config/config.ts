import path from 'node:path';
import { OSM_TILE_ATTRIBUTION, OSM_TILE_URL } from '@pinpoint/contracts';
import { z } from 'zod';
import type { DatabaseConfig } from '../kernel/db/database-config';
import type { JobsConfig } from '../kernel/jobs/jobs-config';
import { defaultWebDistDir, repoRoot } from '../kernel/lib/paths';
import { parseSecretKey } from '../kernel/lib/secret-box';
import { parseImageProxyHosts } from '../kernel/net/address-policy';
import { type AgencyConfig, agencyEnvFields, agencySettings } from './config-agency';
import {
  type PlacesConfig,
  type ScanQuotaConfig,
  type SearchConfig,
  type SeoConfig,
  searchConfigProblems,
  searchEnvFields,
  searchSettings,
  searchTimeoutEnvField,
} from './config-search';
import { type MessagingConfig, parseMessagingConfig } from './messaging-config';
import { parseVendorConfig, type VendorConfig, VendorConfigError } from './vendor-config';
import type { VendorGatePolicy } from './vendor-gate-policy';

// The search and agency settings live in their own files; importers keep importing from here.
export { type AgencyConfig, DEMO_AGENCY_CONTACT } from './config-agency';
export type { PlacesConfig, ScanQuotaConfig, SearchConfig, SeoConfig } from './config-search';
export type { DatabaseConfig, JobsConfig };

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value), {
    message: 'must be a postgres:// or postgresql:// connection URL',
  });

/**
 * Every setting the server reads from its environment. Relative paths are resolved against
 * the working directory; the default data folder is `<repo>/data`. Unknown variables are ignored;
 * a wrong value stops the process with a message naming the variable (see server.ts).
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('localhost'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  DATABASE_URL: postgresUrl.optional(),
  PINPOINT_DATA_DIR: z.string().trim().min(1).optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  IMAGE_PROXY_HOSTS: z.string().optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  PINPOINT_DEMO: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  PINPOINT_HEALTH_SAMPLER: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  PINPOINT_JOBS: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  PINPOINT_JOBS_CONCURRENCY: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+=\d{1,3}(\s*,\s*[a-z0-9.-]+=\d{1,3})*$/, {
      message: 'must be a list like rank-scan.point=8,other.job=2',
    })
    .optional(),
  // Per job kind, overrides a definition's expireInSeconds: how soon a killed process's job
  // is run again (tests shorten it so a resume takes seconds, not a minute).
  PINPOINT_JOBS_EXPIRE_SECONDS: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+=\d{1,5}(\s*,\s*[a-z0-9.-]+=\d{1,5})*$/, {
      message: 'must be a list like rank-scan.point=60,other.job=300',
    })
    .optional(),
  PINPOINT_JOBS_MAINTENANCE_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of seconds')
    .min(1, 'must be between 1 and 3600')
    .max(3600, 'must be between 1 and 3600')
    .optional(),
  GOOGLE_OIDC_ISSUER: z.url({ message: 'must be the issuer URL' }).optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  FACEBOOK_AUTHORIZE_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  FACEBOOK_TOKEN_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  FACEBOOK_PROFILE_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  FACEBOOK_CLIENT_ID: z.string().trim().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().trim().min(1).optional(),
  PINPOINT_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PINPOINT_SECRET_KEY: z
    .string()
    .refine(
      (value) => parseSecretKey(value) !== null,
      'must be 32 bytes as 64 hex digits or base64',
    )
    .optional(),
  ...searchEnvFields,
  // A Leaflet tile URL template; an empty value (handled in loadConfig) means no tiles.
  PINPOINT_TILE_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s"'<>]+$/, { message: 'must be an http(s) URL template' })
    .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
      message: 'must contain {z}, {x} and {y}',
    })
    .optional(),
  PINPOINT_TILE_ATTRIBUTION: z.string().trim().min(1).max(300).optional(),
  ...agencyEnvFields,
  SEARCH_TIMEOUT_MS: searchTimeoutEnvField,
});

/** Variables whose values must never appear in an error message. */
const SECRET_NAMES = new Set([
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_CLIENT_SECRET',
  'PINPOINT_LINK_SECRET',
  'PINPOINT_SECRET_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_PLACES_API_KEY',
  'DATAFORSEO_PASSWORD',
  // A URL with user:password@ in it is refused, and must not be echoed while refusing it.
  'DATAFORSEO_BASE_URL',
]);

/** The social providers' settings: each provider is on only when all of its values are set. */
const SOCIAL_GROUPS = {
  google: ['GOOGLE_OIDC_ISSUER', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  facebook: [
    'FACEBOOK_AUTHORIZE_URL',
    'FACEBOOK_TOKEN_URL',
    'FACEBOOK_PROFILE_URL',
    'FACEBOOK_CLIENT_ID',
    'FACEBOOK_CLIENT_SECRET',
  ],
} as const;

export interface GoogleConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}
export interface FacebookConfig {
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: (typeof logLevels)[number];
  database: DatabaseConfig;
  publicUrl: string | null;
  webDistDir: string;
  shutdownGraceMs: number;
  /** Create the demo accounts on an empty database: on by default, off in production. */
  demoAccounts: boolean;
  /** Store a health sample every minute for the status page: on by default, off in tests. */
  healthSampler: boolean;
  social: { google: GoogleConfig | null; facebook: FacebookConfig | null };
  /** Socket heartbeat and session re-check periods (tests shorten them). */
  realtime: { heartbeatMs: number; revalidateMs: number };
  /** The background job queue (kernel/jobs, kernel/http/jobs.ts). */
  jobs: JobsConfig;
  /** Signs the shared alerts links; null: a random one kept in the database (areas/alerts). */
  linkSecret: string | null;
  /** The places search (areas/places): the bundled US gazetteer, or Google Places (New). */
  places: PlacesConfig;
  /** Local search for rank grids (providers/search): the simulated model, or DataForSEO. */
  search: SearchConfig;
  /** SEO Pro's keyword positions (providers/seo): the deterministic demo, or DataForSEO Labs. */
  seo: SeoConfig;
  /** Daily budget and grid size cap of person-requested rank grid scans (rank-grid/scan-quota). */
  scanQuota: ScanQuotaConfig;
  /** Map tiles for the rank grid maps (PINPOINT_TILE_URL); url null: drawn without tiles. */
  tiles: TilesConfig;
  /** How trial leads reach the agency (PINPOINT_AGENCY_*), shown on the trial pages. */
  agency: AgencyConfig;
  /** Seals vendor secrets (PINPOINT_SECRET_KEY); null: generated (kernel/lib/secret-box.ts). */
  secretKey: Buffer | null;
  /** Reviews vendors and the LLM: demo adapters or live ones (providers/vendor-config.ts). */
  vendors: VendorConfig;
  /** Email (SMTP) and SMS (demo or Twilio) for review requests and account emails. */
  messaging: MessagingConfig;
  /** Hosts the image proxy fetches from (IMAGE_PROXY_HOSTS; platform/image-proxy). */
  imageProxyHosts: string[];
  /** Tests and benchmarks loosen the vendor gates (rate, backoff); production keeps defaults. */
  vendorGate?: Partial<VendorGatePolicy>;
}

export interface TilesConfig {
  url: string | null;
  attribution: string;
}

/**
 * OpenStreetMap by default, none under NODE_ENV=test (tests never reach the internet), and
 * none when the variable is set but empty: the operator's way to say "no tile server".
 */
function tilesConfig(
  given: string | undefined,
  parsed: string | undefined,
  attribution: string | undefined,
  env: 'development' | 'production' | 'test',
): TilesConfig {
  if (given !== undefined && given.trim() === '') return { url: null, attribution: '' };
  const url = parsed ?? (env === 'test' ? null : OSM_TILE_URL);
  return {
    url,
    attribution: attribution ?? (url === OSM_TILE_URL ? OSM_TILE_ATTRIBUTION : ''),
  };
}

/** `a.b=4, c=2` → { 'a.b': 4, c: 2 } (concurrency and expiry lists); checked by the schema. */
function parseConcurrency(value: string | undefined): Record<string, number> {
  if (!value) return {};
  return Object.fromEntries(
    value.split(',').map((pair) => {
      const [name = '', count = '1'] = pair.split('=').map((part) => part.trim());
      return [name, Math.max(1, Number(count))];
    }),
  );
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, so `PORT= npm start` falls back to the default. */
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const given = env[name];
        // A secret is never echoed: the message ends up in logs.
        const shown = given === undefined || SECRET_NAMES.has(name) ? '' : ` (got "${given}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  const partial = Object.entries(SOCIAL_GROUPS).flatMap(([provider, names]) => {
    const set = names.filter((name) => e[name] !== undefined);
    return set.length > 0 && set.length < names.length
      ? [
          `${provider} sign-in needs all of ${names.join(', ')} (missing ${names.filter((n) => !set.includes(n)).join(', ')})`,
        ]
      : [];
  });
  partial.push(...searchConfigProblems(e));
  let vendors: VendorConfig | null = null;
  let messaging: MessagingConfig | null = null;
  try {
    vendors = parseVendorConfig(env);
  } catch (error) {
    if (!(error instanceof VendorConfigError)) throw error;
    partial.push(...error.problems);
  }
  try {
    messaging = parseMessagingConfig(env);
  } catch (error) {
    if (!(error instanceof VendorConfigError)) throw error;
    partial.push(...error.problems);
  }
  if (e.NODE_ENV === 'production' && !e.PINPOINT_SECRET_KEY) {
    partial.push('PINPOINT_SECRET_KEY is required in production (it seals vendor secrets)');
  }
  const agency = agencySettings(e);
  partial.push(...agency.problems);
  if (partial.length > 0 || !vendors || !messaging) throw new ConfigError(partial);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : {
          kind: 'pglite',
          dataDir: path.resolve(e.PINPOINT_DATA_DIR ?? path.join(repoRoot, 'data')),
        },
    publicUrl: e.PUBLIC_URL ?? null,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDistDir,
    imageProxyHosts: parseImageProxyHosts(e.IMAGE_PROXY_HOSTS),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    demoAccounts: e.PINPOINT_DEMO ? e.PINPOINT_DEMO === '1' : e.NODE_ENV !== 'production',
    healthSampler: e.PINPOINT_HEALTH_SAMPLER
      ? e.PINPOINT_HEALTH_SAMPLER === '1'
      : e.NODE_ENV !== 'test',
    realtime: { heartbeatMs: 30_000, revalidateMs: 5 * 60_000 },
    jobs: {
      workers: e.PINPOINT_JOBS ? e.PINPOINT_JOBS === '1' : e.NODE_ENV !== 'test',
      concurrency: parseConcurrency(e.PINPOINT_JOBS_CONCURRENCY),
      // Only when set, so the job queue's own defaults stay the single source otherwise.
      ...(e.PINPOINT_JOBS_EXPIRE_SECONDS && {
        expireSeconds: parseConcurrency(e.PINPOINT_JOBS_EXPIRE_SECONDS),
      }),
      ...(e.PINPOINT_JOBS_MAINTENANCE_SECONDS && {
        maintenanceIntervalSeconds: e.PINPOINT_JOBS_MAINTENANCE_SECONDS,
      }),
    },
    social: {
      google:
        e.GOOGLE_OIDC_ISSUER && e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              issuer: e.GOOGLE_OIDC_ISSUER,
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
            }
          : null,
      facebook:
        e.FACEBOOK_AUTHORIZE_URL &&
        e.FACEBOOK_TOKEN_URL &&
        e.FACEBOOK_PROFILE_URL &&
        e.FACEBOOK_CLIENT_ID &&
        e.FACEBOOK_CLIENT_SECRET
          ? {
              authorizeUrl: e.FACEBOOK_AUTHORIZE_URL,
              tokenUrl: e.FACEBOOK_TOKEN_URL,
              profileUrl: e.FACEBOOK_PROFILE_URL,
              clientId: e.FACEBOOK_CLIENT_ID,
              clientSecret: e.FACEBOOK_CLIENT_SECRET,
            }
          : null,
    },
    linkSecret: e.PINPOINT_LINK_SECRET ?? null,
    secretKey: e.PINPOINT_SECRET_KEY ? parseSecretKey(e.PINPOINT_SECRET_KEY) : null,
    vendors,
    messaging,
    agency: agency.agency,
    tiles: tilesConfig(
      env.PINPOINT_TILE_URL,
      e.PINPOINT_TILE_URL,
      e.PINPOINT_TILE_ATTRIBUTION,
      e.NODE_ENV,
    ),
    ...searchSettings(e),
  };
}
