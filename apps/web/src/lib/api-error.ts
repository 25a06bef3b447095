import type { ErrorBody } from '@pinpoint/contracts';

/**
 * An answer in the error envelope (or no answer at all), with what the user should read.
 * Apart from ./api-client (which carries the contract schemas) so that a form can tell
 * its errors apart without loading zod.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(
      body?.error.message ??
        (status === 0
          ? 'Could not reach Pinpoint. Check your connection.'
          : `Request failed (${status}).`),
    );
    this.name = 'ApiError';
  }

  /** Field problems keyed by field name ("body.email" → "email"). */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const detail of this.body?.error.details ?? []) {
      const field = detail.path.replace(/^(body|querystring|params)\./, '');
      out[field] ??= detail.message;
    }
    return out;
  }
}
