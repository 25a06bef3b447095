import { ACCESS_DENIED_REASON, type ErrorCode, type FieldError } from '@pinpoint/contracts';

/**
 * An error a service throws on purpose. The error handler turns it into the one envelope
 * of DECISIONS.md; its message is shown to the user, so it must be safe and helpful.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      details?: FieldError[];
      reason?: string;
      /** Response headers that belong to the error, such as Retry-After. */
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: FieldError[]) =>
  new AppError(400, details ? 'VALIDATION_FAILED' : 'BAD_REQUEST', message, { details });
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const accessDenied = (message = 'You do not have access to this.') =>
  new AppError(403, 'FORBIDDEN', message, { reason: ACCESS_DENIED_REASON });
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
/** 410: it existed and will not come back (an expired link); `code` may name which kind. */
export const gone = (message: string, code: ErrorCode = 'GONE') => new AppError(410, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** The envelope code that fits an HTTP status raised by Fastify itself (bad JSON, body too big…). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 410:
      return 'GONE';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}
