import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LeadsCenter } from '../leads-center';
import { createWebsiteFormsRepository } from './website-forms.repository';
import { websiteFormsRoutes } from './website-forms.routes';
import { createWebsiteFormsService, type FORM_RATE } from './website-forms.service';

/** Contact-form submissions of the website products (they feed the leads center later). */
export const websiteFormsPlugin = fp(
  async (app: FastifyInstance, opts: { leadsCenter: LeadsCenter; rate?: typeof FORM_RATE }) => {
    const db = app.database.db;
    const service = createWebsiteFormsService({
      db,
      repo: createWebsiteFormsRepository(db),
      publish: (companyId, payload) => {
        app.realtime.publish({
          type: 'website-form.submitted',
          payload,
          audience: { client: companyId },
        });
        // The message is a lead: read it into the leads center now.
        opts.leadsCenter.ingestSoon(companyId);
      },
      ...(opts.rate && { rate: opts.rate }),
    });
    // Not wrapped in fp: the form parser stays inside these routes.
    await app.register(websiteFormsRoutes, { service });
  },
  { name: 'website-forms' },
);
