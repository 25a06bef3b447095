import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LevelWithSilent } from 'pino';

/**
 * Anything that could carry a credential is removed from log lines, wherever it appears.
 * Fastify's request serializer already leaves headers out; this guards custom log calls.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.secret',
  '*.clientSecret',
];

/** Query parameters that carry a credential: signed links, OAuth codes and states. */
const SECRET_QUERY_PARAMS = ['token', 'code', 'state', 'access_token', 'id_token'];

/**
 * A url as it may be logged: the values of credential-carrying query parameters replaced.
 * A signed share link lives in its query string, and request lines are logged.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const name of SECRET_QUERY_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params}` : url;
}

export function loggerOptions(config: { logLevel: LevelWithSilent }) {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's own request fields, with the url's secrets removed.
      req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * A proxy's `x-request-id` is kept so one id follows a request across services; anything
 * else (missing, too long, odd characters that could forge log lines) gets a fresh UUID.
 */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
