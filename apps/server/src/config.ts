import path from 'node:path';
import { z } from 'zod';
import { defaultWebDistDir, repoRoot } from './paths';

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
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  PINPOINT_DEMO: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  GOOGLE_OIDC_ISSUER: z.url({ message: 'must be the issuer URL' }).optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  FACEBOOK_AUTHORIZE_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  FACEBOOK_TOKEN_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  FACEBOOK_PROFILE_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  FACEBOOK_CLIENT_ID: z.string().trim().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().trim().min(1).optional(),
});

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

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string | null };

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
  social: { google: GoogleConfig | null; facebook: FacebookConfig | null };
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
        return `${name} ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`;
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
  if (partial.length > 0) throw new ConfigError(partial);
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
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    demoAccounts: e.PINPOINT_DEMO ? e.PINPOINT_DEMO === '1' : e.NODE_ENV !== 'production',
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
  };
}
