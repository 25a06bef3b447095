import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VendorAreaOptions } from '../vendor-sync/area-plugin-options';

/** Placeholder: the area is built in issue 16. */
export const qaPlugin = fp(async (_app: FastifyInstance, _opts: VendorAreaOptions) => {}, {
  name: 'google-qa',
  dependencies: ['vendor-sync'],
});
