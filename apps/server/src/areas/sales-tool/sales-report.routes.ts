import { readFile } from 'node:fs/promises';
import rateLimit from '@fastify/rate-limit';
import {
  salesIdParamsSchema,
  salesReportLinkRequestSchema,
  salesReportLinkSchema,
  salesReportQuerySchema,
  salesReportSchema,
} from '@pinpoint/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { type AgencyLogo, verifyAgencyLogo } from '../../config/agency-brand';
import { requirePrincipal } from '../../kernel/http/access';
import { notFound } from '../../kernel/lib/app-error';
import { appOrigin } from '../../kernel/lib/origin';
import { loadLinkSecret } from '../../kernel/lib/signed-link';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { createSalesReportRepository } from './sales-report.repository';
import { AGENCY_LOGO_PATH, createSalesReportService } from './sales-report.service';

/** Opens of a shared report per address per minute, as for shared scans. */
export const SHARED_REPORT_PER_MINUTE = 60;
/** A PDF takes a fraction of a second of CPU: fewer of those per address. */
export const SHARED_REPORT_PDF_PER_MINUTE = 12;
const tags = ['sales-tool'];

/** The shared prospect report (issue 21): its link, its public page's data, its PDF, the logo. */
export const salesReportRoutes: FastifyPluginAsyncZod<VendorAreaOptions> = async (app, opts) => {
  const { config } = opts;
  const logo = config.agency.logoFile ? await loadLogo(config.agency.logoFile) : null;
  const service = createSalesReportService({
    db: app.database.db,
    repo: createSalesReportRepository(app.database.db),
    secret: await loadLinkSecret(app.database.db, config.linkSecret),
    agency: config.agency,
    logo: logo?.forPdf ?? null,
  });
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
  await app.register(rateLimit, { global: false });

  const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; filename: string }) => {
    reply.header('content-disposition', `attachment; filename="${file.filename}"`);
    reply.header('cache-control', 'private, no-store');
    reply.type('application/pdf');
    return reply.send(file.pdf);
  };

  app.route({
    method: 'POST',
    url: '/api/sales/containers/:id/report-link',
    // The container's owner or an admin: checked by the service (404 for anyone else).
    config: { access: 'employee' },
    schema: {
      tags,
      summary: "Share the prospect's report: a signed link (and its PDF) lasting 7, 14 or 30 days",
      params: salesIdParamsSchema,
      body: salesReportLinkRequestSchema,
      response: { 200: salesReportLinkSchema },
    },
    handler: async (request) =>
      service.createLink(
        requirePrincipal(request),
        request.params.id,
        request.body.days,
        appOrigin(request, config.publicUrl),
      ),
  });

  app.route({
    method: 'GET',
    url: '/api/sales/containers/:id/report.pdf',
    config: { access: 'employee', gateway: false },
    schema: {
      tags,
      summary: "The prospect's report as a PDF, for its owner or an admin",
      params: salesIdParamsSchema,
      response: { 200: z.instanceof(Buffer).describe('application/pdf') },
    },
    handler: async (request, reply) =>
      sendPdf(reply, await service.ownPdf(requirePrincipal(request), request.params.id)),
  });

  app.route({
    method: 'GET',
    url: '/api/public/prospect-report',
    // No session: the signed token is the permission, checked by the service.
    config: {
      access: 'public',
      rateLimit: { max: SHARED_REPORT_PER_MINUTE, timeWindow: '1 minute' },
    },
    schema: {
      tags,
      summary: 'The prospect report a shared link opens (public /shared/prospect-report page)',
      querystring: salesReportQuerySchema,
      response: { 200: salesReportSchema },
    },
    handler: async (request, reply) => {
      // The answer is for the link holder only: no shared or browser cache keeps it.
      reply.header('cache-control', 'no-store');
      return service.readShared(request.query.token, publicOrigin);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/public/prospect-report.pdf',
    config: {
      access: 'public',
      gateway: false,
      rateLimit: { max: SHARED_REPORT_PDF_PER_MINUTE, timeWindow: '1 minute' },
    },
    schema: {
      tags,
      summary: 'The shared prospect report as a PDF download',
      querystring: salesReportQuerySchema,
      response: { 200: z.instanceof(Buffer).describe('application/pdf') },
    },
    handler: async (request, reply) => sendPdf(reply, await service.sharedPdf(request.query.token)),
  });

  app.route({
    method: 'GET',
    url: AGENCY_LOGO_PATH,
    config: { access: 'public', gateway: false },
    schema: {
      tags,
      summary: "The agency's logo (PINPOINT_AGENCY_LOGO_FILE) for the shared report; 404 if none",
      response: { 200: z.instanceof(Buffer).describe('image/png or image/jpeg') },
    },
    handler: async (_request, reply) => {
      if (!logo) throw notFound('No agency logo is configured.');
      // The file is read once at start-up: a changed logo shows after a restart.
      reply.header('cache-control', 'public, max-age=3600');
      reply.type(logo.type);
      return reply.send(logo.original);
    },
  });
};

/**
 * The configured logo, checked by sharp (a bad file stops the start-up with its message),
 * as served (the file itself) and as the PDF embeds it: at most 600 × 200 px on white,
 * without alpha, so pdfkit copies it in rather than decoding every pixel per report.
 */
async function loadLogo(file: AgencyLogo) {
  await verifyAgencyLogo(file);
  const original = await readFile(file.file);
  const forPdf = await sharp(original)
    .resize({ width: 600, height: 200, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  return { type: file.type, original, forPdf };
}
