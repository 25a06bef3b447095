import { z } from 'zod';
import type { ConnectionAccess } from './connection-access';
import { FACEBOOK_ACCESS_DENIED, VendorError, type VendorErrorCode } from './vendor-errors';
import { parseRetryAfter, safeVendorMessage, type VendorResponse } from './vendor-http';
import { FACEBOOK_VENDOR } from './vendor-ids';

const LABEL = 'Facebook';

/** Graph's error body (`{ error: { message, type, code, error_subcode, fbtrace_id } }`). */
const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
  }),
});

/** Graph's error codes as our vendor error kinds (the HTTP status where Graph gives none). */
export function classify(status: number, code: number | undefined, subcode: number | undefined) {
  let result: VendorErrorCode;
  if (code === 190 || status === 401) result = 'auth';
  else if (code === 4 || code === 17 || code === 32 || code === 613 || status === 429)
    result = 'rate_limited';
  else if (code === 10 || (code !== undefined && code >= 200 && code <= 299) || status === 403)
    result = 'permission';
  else if (code === 1 || code === 2 || status >= 500) result = 'unavailable';
  else if (status === 404 || (code === 100 && subcode === 33)) result = 'not_found';
  else result = 'invalid';
  return result;
}

/**
 * What every Facebook page adapter (ratings, feed) sends and how it reads a refusal: the
 * page token only in the Authorization header, Graph's message passed on with any token
 * scrubbed from it, and a missing permission worded as SPEC §8 says.
 */
export function graphPageHttp() {
  function headers(access: ConnectionAccess, json = false): Record<string, string> {
    if (!access.accessToken) {
      throw new VendorError(FACEBOOK_VENDOR, 'auth', `${LABEL} is not connected (no page token).`);
    }
    return {
      authorization: `Bearer ${access.accessToken}`,
      accept: 'application/json',
      ...(json ? { 'content-type': 'application/json' } : {}),
    };
  }

  function failure(response: VendorResponse, access: ConnectionAccess): VendorError {
    const parsed = graphErrorSchema.safeParse(response.json);
    const error = parsed.success ? parsed.data.error : undefined;
    const code = classify(response.status, error?.code, error?.error_subcode);
    const said = safeVendorMessage(error?.message, [access.accessToken, access.refreshToken]);
    // SPEC §8: a missing permission reads exactly so, whatever Graph said.
    const message =
      code === 'permission'
        ? FACEBOOK_ACCESS_DENIED
        : `${LABEL} refused the request (HTTP ${response.status}${
            error?.code !== undefined ? `, code ${error.code}` : ''
          }${said ? `: ${said}` : ''}).`;
    return new VendorError(
      FACEBOOK_VENDOR,
      code,
      message,
      response.status,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  }

  return { headers, failure };
}
