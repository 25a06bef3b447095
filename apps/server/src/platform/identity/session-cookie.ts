import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie: HttpOnly, SameSite=Lax, and over https `Secure` with the `__Host-`
 * prefix, which pins it to this exact host and path (DECISIONS.md).
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-pinpoint_session' : 'pinpoint_session';
}

export function createSessionCookie(secure: boolean) {
  const name = sessionCookieName(secure);
  const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    name,
    read: (request: FastifyRequest): string | undefined => request.cookies[name],
    set: (reply: FastifyReply, token: string, expiresAt: Date) =>
      reply.setCookie(name, token, { ...base, expires: expiresAt }),
    clear: (reply: FastifyReply) => reply.clearCookie(name, base),
  };
}

export type SessionCookie = ReturnType<typeof createSessionCookie>;
