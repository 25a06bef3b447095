import { z } from 'zod';
import type { ConnectionAccess } from '../kernel/connection-access';
import { VendorError } from '../kernel/vendor-errors';
import {
  classifyHttpStatus,
  parseRetryAfter,
  safeVendorMessage,
  type VendorResponse,
} from '../kernel/vendor-http';
import { GBP_VENDOR } from '../kernel/vendor-ids';

export const GBP_LABEL = 'Google Business Profile';

/** Google's error body (`{ error: { code, message, status } }`), the parts we read. */
const googleErrorSchema = z.object({
  error: z.object({ code: z.number().optional(), message: z.string().optional() }),
});

/**
 * What every Business Profile adapter (reviews, posts, media, listing) sends and how it
 * reads a refusal: the connection's token only in the Authorization header, and Google's
 * message passed on with any token scrubbed from it.
 */
export function googleApiHttp(label: string = GBP_LABEL) {
  function headers(access: ConnectionAccess, json = false): Record<string, string> {
    if (!access.accessToken) {
      throw new VendorError(GBP_VENDOR, 'auth', `${label} is not connected (no access token).`);
    }
    return {
      authorization: `Bearer ${access.accessToken}`,
      accept: 'application/json',
      ...(json ? { 'content-type': 'application/json' } : {}),
    };
  }

  function failure(response: VendorResponse, access: ConnectionAccess): VendorError {
    const parsed = googleErrorSchema.safeParse(response.json);
    const said = safeVendorMessage(parsed.success ? parsed.data.error.message : undefined, [
      access.accessToken,
      access.refreshToken,
    ]);
    return new VendorError(
      GBP_VENDOR,
      classifyHttpStatus(response.status),
      `${label} refused the request (HTTP ${response.status}${said ? `: ${said}` : ''}).`,
      response.status,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  }

  return { headers, failure };
}
