import { describe, expect, it } from 'vitest';
import { ACCESS_DENIED_REASON, errorBodySchema, isAccessDenied, isErrorBody } from './errors';

describe('error envelope', () => {
  it('accepts the documented shape, with field details and a reason', () => {
    const body = {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are invalid',
        details: [{ path: 'email', message: 'Invalid email' }],
      },
      reason: ACCESS_DENIED_REASON,
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
  });

  it('refuses unknown codes and bodies without a message', () => {
    expect(isErrorBody({ error: { code: 'TEAPOT', message: 'x' } })).toBe(false);
    expect(isErrorBody({ error: { code: 'INTERNAL' } })).toBe(false);
    expect(isErrorBody({ message: 'plain' })).toBe(false);
  });

  it('recognises an access-denied answer by its reason only', () => {
    expect(
      isAccessDenied({ error: { code: 'FORBIDDEN', message: 'x' }, reason: 'access denied' }),
    ).toBe(true);
    expect(isAccessDenied({ error: { code: 'FORBIDDEN', message: 'x' } })).toBe(false);
    expect(isAccessDenied(null)).toBe(false);
    expect(isAccessDenied('access denied')).toBe(false);
  });
});
