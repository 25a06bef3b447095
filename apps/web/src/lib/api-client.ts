import { type ErrorBody, isErrorBody } from '@pinpoint/contracts';
import type { z } from 'zod';

/** An answer in the error envelope (or no answer at all), with what the user should read. */
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls one of our own routes and checks the answer against its contract schema.
 * Same-origin only, with the session cookie; bodies are always JSON.
 */
export async function apiRequest<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  body?: unknown,
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiError(0, null);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, isErrorBody(payload) ? payload : null);
  return schema.parse(payload);
}
