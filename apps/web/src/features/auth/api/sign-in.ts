import { type LoginRequest, loginRequestSchema } from '@pinpoint/contracts';

export { login } from './auth-api';

/**
 * The login fields checked against the contract: the request to send, or each field's
 * problem. Loaded with the sign-in call when the form is used (see ../components/login-form),
 * as it brings zod.
 */
export function checkLogin(fields: {
  email: string;
  password: string;
}): { request: LoginRequest } | { fieldErrors: Record<string, string> } {
  const parsed = loginRequestSchema.safeParse(fields);
  if (parsed.success) return { request: parsed.data };
  return {
    fieldErrors: Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    ),
  };
}
