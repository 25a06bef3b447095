import type { FastifyRequest } from 'fastify';
import type { RequestContext } from './auth.service';

/** Where a sign-in attempt comes from, for the sign-in log and the session row. */
export function requestContext(request: FastifyRequest): RequestContext {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}
