import type { FastifyRequest } from 'fastify';

export function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request's `Origin` is the app itself: the origin it was addressed to, or the
 * configured public one (behind a proxy the two differ). Used by the CSRF check of
 * state-changing requests and by the socket upgrade.
 */
export function createOriginCheck(publicUrl: string | null) {
  const configured = publicUrl ? originOf(publicUrl) : null;
  return (request: FastifyRequest): boolean => {
    const given = request.headers.origin ? originOf(request.headers.origin) : null;
    if (!given) return false;
    return given === configured || given === originOf(`${request.protocol}://${request.host}`);
  };
}

/** Logs a refusal for a foreign origin the way every access refusal is logged. */
export function logForeignOrigin(request: FastifyRequest, reason: string, message: string) {
  request.log.warn(
    { event: 'access_refused', reason, origin: request.headers.origin ?? null },
    message,
  );
}

/**
 * Where the web app is, for a shared link: PUBLIC_URL, else the Origin header. Only for
 * state-changing routes: there the same-origin check has already proved that Origin is our
 * own (directly or, through the gateway, on the outer request), scheme included; the
 * `origin` field inside gateway data is never used. The request's own address is the last
 * resort.
 */
export function appOrigin(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const given = request.headers.origin ? originOf(request.headers.origin) : null;
  return given ?? `${request.protocol}://${request.host}`;
}
