import { leadCreateSchema, leadSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLeadsRepository } from './leads.repository';
import { createLeadsService } from './leads.service';

/** SPEC §7 `/api/uni/system/addlead`: sales prospects. */
export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const leads = createLeadsService(createLeadsRepository(app.database.db));

  app.route({
    method: 'POST',
    url: '/api/uni/system/addlead',
    // Prospects are staff work; the public trial sign-up has its own route (/api/freemium/create).
    config: { access: 'employee' },
    schema: {
      tags: ['leads'],
      summary: 'Add a sales prospect (lead creation payload; two street lines are joined)',
      body: leadCreateSchema,
      response: { 201: leadSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await leads.create(request.body)),
  });
};
