import type { z } from 'zod';

/** A payload that does not match its job's schema: a bug in the sender, refused before storing. */
export class InvalidJobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    const fields = issues.map(
      (issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`,
    );
    super(`Invalid payload for job "${jobName}": ${fields.join('; ')}`);
    this.name = 'InvalidJobPayloadError';
  }
}

const MESSAGE_MAX = 300;

/**
 * Credentials that a vendor error message might echo (a URL with `?key=`, a bearer header).
 * Job failures are logged and stored in the queue's table, so they are scrubbed first.
 */
const SECRET_PATTERNS: [RegExp, string][] = [
  [
    /([?&](?:key|api_?key|token|access_token|secret|password|signature|sig)=)[^&\s"']+/gi,
    '$1[redacted]',
  ],
  [/(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
  [/(postgres(?:ql)?:\/\/[^:/\s]+:)[^@\s]+@/gi, '$1[redacted]@'],
];

export function redactSecrets(text: string): string {
  return SECRET_PATTERNS.reduce(
    (out, [pattern, replacement]) => out.replace(pattern, replacement),
    text,
  );
}

/**
 * What is logged and stored about a failed run: the error's kind, code and scrubbed message.
 * Never the payload, never the error's own properties (a request config can carry headers).
 */
export function describeJobError(error: unknown): { type: string; code?: string; message: string } {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'A non-error value was thrown.' };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    message: redactSecrets(error.message).slice(0, MESSAGE_MAX),
  };
}
