import { z } from 'zod';

/**
 * The one error envelope every route answers with (DECISIONS.md "Errors").
 * `reason: "access denied"` marks a refused authorization; the web cache never stores it.
 */
export const ACCESS_DENIED_REASON = 'access denied';

export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  /** 410: the thing existed and is gone for good. */
  'GONE',
  /** A shared alerts link that is missing, malformed or forged (400). */
  'LINK_INVALID',
  /** A genuine shared alerts link past its expiry (410). */
  'LINK_EXPIRED',
  /** 429: a daily quota (rank grid points, trial scans) is used up until the next UTC midnight. */
  'QUOTA_EXCEEDED',
  /** 401: an invited account whose first password is not set yet (issue 20). */
  'NEEDS_ACTIVATION',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** One problem with one input field; `path` is the dotted location inside the body, query or params. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    details: z.array(fieldErrorSchema).optional(),
  }),
  reason: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function isErrorBody(value: unknown): value is ErrorBody {
  return errorBodySchema.safeParse(value).success;
}

export function isAccessDenied(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { reason?: unknown }).reason === ACCESS_DENIED_REASON
  );
}
