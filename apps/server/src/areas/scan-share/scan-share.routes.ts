import rateLimit from '@fastify/rate-limit';
import {
  scanIdParamsSchema,
  scanShareLinkSchema,
  scanShareRequestSchema,
  sharedScanQuerySchema,
  sharedScanSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { appOrigin } from '../../kernel/lib/origin';
import { loadLinkSecret } from '../../kernel/lib/signed-link';
import type { RankGridEngine } from '../rank-grid';
import { createScanShareService } from './scan-share.service';

/** Opens of a shared scan per address per minute, as for the public alerts page. */
export const SHARED_SCAN_PER_MINUTE = 60;

export interface ScanShareRoutesOptions {
  /** PUBLIC_URL: where shared links point when set. */
  publicUrl: string | null;
  /** PINPOINT_LINK_SECRET, or null for the secret kept in the database. */
  linkSecret: string | null;
}

/** Signed, expiring read-only links to one scan, and the public page's data. */
export const scanShareRoutes: FastifyPluginAsyncZod<
  ScanShareRoutesOptions & { rankGrid: RankGridEngine }
> = async (app, opts) => {
  const share = createScanShareService({
    repo: opts.rankGrid.repo,
    secret: await loadLinkSecret(app.database.db, opts.linkSecret),
  });
  await app.register(rateLimit, { global: false });

  app.route({
    method: 'POST',
    url: '/api/localrank/share/:id',
    // The scan's company is checked by the service (404 for a scan the caller may not see).
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-grid'],
      summary: 'Create a read-only link to one scan that expires in 1, 7 or 30 days',
      params: scanIdParamsSchema,
      body: scanShareRequestSchema,
      response: { 200: scanShareLinkSchema },
    },
    handler: async (request) =>
      share.createLink(
        requirePrincipal(request),
        request.params.id,
        request.body.days,
        appOrigin(request, opts.publicUrl),
      ),
  });

  app.route({
    method: 'GET',
    url: '/api/public/scan',
    // No session: the signed token is the permission, checked by the service.
    config: {
      access: 'public',
      rateLimit: { max: SHARED_SCAN_PER_MINUTE, timeWindow: '1 minute' },
    },
    schema: {
      tags: ['rank-grid'],
      summary: 'The scan a shared link opens (public /shared/scan page)',
      querystring: sharedScanQuerySchema,
      response: { 200: sharedScanSchema },
    },
    handler: async (request, reply) => {
      // The answer is for the link holder only: no shared or browser cache keeps it.
      reply.header('cache-control', 'no-store');
      return share.readShared(request.query.token);
    },
  });
};
