import {
  billAlertSchema,
  billingOverviewSchema,
  billingParamsSchema,
  billingQuerySchema,
  invoiceDetailSchema,
  invoiceParamsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createBillingRepository } from './billing.repository';
import { createBillingService } from './billing.service';
import { renderInvoicePdf } from './billing-pdf';

/**
 * Billing of one client company (SPEC §7 `/api/uni/client/billing/{id}`, §3 bill alert).
 * Members, assigned employees and admins may read it. The JSON reads go through the gateway;
 * the PDF is bytes, fetched by the browser directly (`gateway: false`) under the same rule.
 */
export const billingRoutes: FastifyPluginAsyncZod<{
  agency: { name: string };
  now?: () => Date;
}> = async (app, { agency, now }) => {
  const billing = createBillingService(createBillingRepository(app.database.db), now);
  const tags = ['billing'];

  app.route({
    method: 'GET',
    url: '/api/uni/client/billing/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary:
        "A company's invoices (newest first, paged), overdue total, payments, method on file and product prices",
      params: billingParamsSchema,
      querystring: billingQuerySchema,
      response: { 200: billingOverviewSchema },
    },
    handler: async (request) =>
      billing.overview(requirePrincipal(request), request.params.id, request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/client/billing/:id/alert',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary: "The bill alert (SPEC §3): the company's overdue invoices, their count and total",
      params: billingParamsSchema,
      response: { 200: billAlertSchema },
    },
    handler: async (request) => billing.alert(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/client/billing/:id/invoices/:invoiceId',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary: 'One invoice of the company with its lines and payments',
      params: invoiceParamsSchema,
      response: { 200: invoiceDetailSchema },
    },
    handler: async (request) =>
      billing.invoice(requirePrincipal(request), request.params.id, request.params.invoiceId),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/client/billing/:id/invoices/:invoiceId/pdf',
    config: { access: { clientOf: 'id' }, gateway: false },
    schema: {
      tags,
      summary: 'One invoice of the company as a PDF download',
      params: invoiceParamsSchema,
      response: { 200: z.instanceof(Buffer).describe('application/pdf') },
    },
    handler: async (request, reply) => {
      const { id, invoiceId } = request.params;
      const invoice = await billing.invoice(requirePrincipal(request), id, invoiceId);
      const pdf = await renderInvoicePdf({ agencyName: agency.name, invoice });
      reply.header('content-disposition', `attachment; filename="${invoice.number}.pdf"`);
      reply.header('cache-control', 'private, no-store');
      reply.type('application/pdf');
      return reply.send(pdf);
    },
  });
};
