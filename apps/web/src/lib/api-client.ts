import { type GatewayMethod, type GatewayRequest, isErrorBody } from '@pinpoint/contracts';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { type CacheVariant, localCache } from './local-cache';

export { ApiError };

/**
 * The one gateway client (SPEC §7): every API call is a POST to `/database/request`
 * carrying the inner method, url and data (with the page's origin, as the product always
 * sent it). The answer is the inner route's status and body, checked against its
 * contract schema. Same-origin only, with the session cookie.
 */
export async function apiRequest<S extends z.ZodType>(
  method: GatewayMethod,
  path: string,
  schema: S,
  body?: Record<string, unknown>,
): Promise<z.output<S>> {
  const request: GatewayRequest = {
    method,
    url: path,
    data: { ...(body ?? {}), origin: window.location.origin },
  };
  let response: Response;
  try {
    response = await fetch('/database/request', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    throw new ApiError(0, null);
  }
  return readAnswer(response, schema);
}

/**
 * A gateway answer as `apiRequest` returns it: the body checked against the schema, or an
 * ApiError with the envelope. Also reads the session check that `public/session-early.js`
 * sent before the app loaded.
 */
export async function readAnswer<S extends z.ZodType>(
  response: Response,
  schema: S,
): Promise<z.output<S>> {
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, isErrorBody(payload) ? payload : null);
  return schema.parse(payload);
}

/**
 * A GET answered from the local cache while its entry is valid (SPEC §4), otherwise
 * through the gateway and then cached. A cached value that no longer fits the schema is
 * fetched again. Errors, "access denied" included, are never cached.
 */
export async function cachedApiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  variant: CacheVariant = 'hourly',
): Promise<z.output<S>> {
  const hit = schema.safeParse(localCache.get(path));
  if (hit.success) return hit.data;
  const value = await apiRequest('GET', path, schema);
  localCache.set(path, value, variant);
  return value;
}
