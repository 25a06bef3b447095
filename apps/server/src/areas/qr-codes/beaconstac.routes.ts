import {
  bstacAccountSchema,
  bstacBreakdownAnswerSchema,
  bstacClientSchema,
  bstacLocationsAnswerSchema,
  bstacQrCodeListSchema,
  bstacRangeQuerySchema,
  bstacVisitorsSchema,
  productIdParamsSchema,
} from '@pinpoint/contracts';
import { and, asc, count, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import { bstacQrCodes } from '../../kernel/db/schema';
import { requirePrincipal } from '../../kernel/http/access';
import { canAccessClient } from '../../kernel/lib/access-policy';
import { accessDenied } from '../../kernel/lib/app-error';
import type { QrCodesService } from './qr-codes.service';

type Connection = Awaited<ReturnType<QrCodesService['vendorConnectionsOf']>>[number];

/**
 * SPEC §7 `/api/beaconstac/…`: the vendor-side QR codes and their scan analytics, read from
 * our tables (the `beaconstac` syncs fill them). A company's QR organisation serves all of
 * its products, so `{productId}` routes show the company's vendor codes.
 */
export const beaconstacRoutes: FastifyPluginAsyncZod<{ db: Db; service: QrCodesService }> = async (
  app,
  { db, service },
) => {
  const tags = ['qr-codes'];
  const access = { productOf: 'productId' } as const;

  async function accounts(connections: Connection[]) {
    const counts = connections.length
      ? await db
          .select({ id: bstacQrCodes.connectionId, n: count() })
          .from(bstacQrCodes)
          .where(
            inArray(
              bstacQrCodes.connectionId,
              connections.map((c) => c.id),
            ),
          )
          .groupBy(bstacQrCodes.connectionId)
      : [];
    return connections.map((c) => ({
      connected: c.status === 'connected',
      organisation: c.externalAccount,
      status: c.status as 'connected' | 'needs_attention' | 'disconnected',
      lastSyncedAt: c.lastSyncedAt?.toISOString() ?? null,
      codes: counts.find((x) => x.id === c.id)?.n ?? 0,
    }));
  }

  async function connectionsOfProduct(
    request: Parameters<typeof requirePrincipal>[0],
    productId: number,
  ) {
    const product = await service.productOf(requirePrincipal(request), productId);
    return service.vendorConnectionsOf(product.companyId);
  }

  app.route({
    method: 'GET',
    url: '/api/beaconstac/client/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary: 'The company’s QR organisations at Uniqode (Beaconstac): status, last sync, codes',
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: { 200: bstacClientSchema },
    },
    handler: async (request) => {
      const companyId = request.params.id;
      if (!canAccessClient(requirePrincipal(request), companyId)) throw accessDenied();
      return {
        companyId,
        organisations: await accounts(await service.vendorConnectionsOf(companyId)),
      };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/beaconstac/account/:productId',
    config: { access },
    schema: {
      tags,
      summary: 'The QR organisation behind a product’s vendor-side codes (none: not connected)',
      params: productIdParamsSchema,
      response: { 200: bstacAccountSchema },
    },
    handler: async (request) => {
      const [first] = await accounts(await connectionsOfProduct(request, request.params.productId));
      return (
        first ?? {
          connected: false,
          organisation: null,
          status: null,
          lastSyncedAt: null,
          codes: 0,
        }
      );
    },
  });

  app.route({
    method: 'GET',
    url: '/api/beaconstac/qrcode/:productId',
    config: { access },
    schema: {
      tags,
      summary: 'The vendor-side QR codes of the product’s company',
      params: productIdParamsSchema,
      response: { 200: bstacQrCodeListSchema },
    },
    handler: async (request) => {
      const connections = await connectionsOfProduct(request, request.params.productId);
      if (connections.length === 0) return { items: [] };
      const rows = await db
        .select()
        .from(bstacQrCodes)
        .where(
          and(
            inArray(
              bstacQrCodes.connectionId,
              connections.map((c) => c.id),
            ),
          ),
        )
        .orderBy(asc(bstacQrCodes.name), asc(bstacQrCodes.id));
      return {
        items: rows.map((r) => ({
          id: r.id,
          externalId: r.externalId,
          name: r.name,
          shortUrl: r.shortUrl,
          targetUrl: r.targetUrl,
          state: r.state,
          updatedAt: r.vendorUpdatedAt.toISOString(),
          syncedAt: r.syncedAt.toISOString(),
        })),
      };
    },
  });

  /** The vendor-only analytics of a range, through the same service as the page's. */
  const vendorAnalytics = (request: {
    principal: Parameters<typeof requirePrincipal>[0]['principal'];
    params: { productId: number };
    query: z.output<typeof bstacRangeQuerySchema>;
  }) =>
    service.analytics(requirePrincipal(request), request.params.productId, {
      from: request.query.from,
      to: request.query.to,
      ...(request.query.tz && { tz: request.query.tz }),
      source: 'vendor',
      ...(request.query.code !== undefined && { codeId: request.query.code }),
    });

  app.route({
    method: 'GET',
    url: '/api/beaconstac/analytics/visitors/:productId',
    config: { access },
    schema: {
      tags,
      summary: 'Vendor-side scans and unique visitors per day of a range',
      params: productIdParamsSchema,
      querystring: bstacRangeQuerySchema,
      response: { 200: bstacVisitorsSchema },
    },
    handler: async (request) => {
      const a = await vendorAnalytics(request);
      return { days: a.days, totals: a.totals };
    },
  });

  for (const [path, pick] of [
    ['os', 'os'],
    ['city', 'cities'],
  ] as const) {
    app.route({
      method: 'GET',
      url: `/api/beaconstac/analytics/${path}/:productId`,
      config: { access },
      schema: {
        tags,
        summary: `Vendor-side scans by ${path === 'os' ? 'operating system' : 'city'} over a range`,
        params: productIdParamsSchema,
        querystring: bstacRangeQuerySchema,
        response: { 200: bstacBreakdownAnswerSchema },
      },
      handler: async (request) => ({ items: (await vendorAnalytics(request))[pick] }),
    });
  }

  app.route({
    method: 'GET',
    url: '/api/beaconstac/analytics/locations/:productId',
    config: { access },
    schema: {
      tags,
      summary: 'Vendor-side scans by place (with coordinates) over a range',
      params: productIdParamsSchema,
      querystring: bstacRangeQuerySchema,
      response: { 200: bstacLocationsAnswerSchema },
    },
    handler: async (request) => ({ items: (await vendorAnalytics(request)).locations }),
  });
};
