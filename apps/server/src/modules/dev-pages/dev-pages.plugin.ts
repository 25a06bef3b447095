import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VendorAreaOptions } from '../vendor-sync/area-plugin-options';

/**
 * The dev-only staff pages (SPEC §2 and §6; issue 21): SEO Pro, InSite blogs, products and
 * packages on hold, the social calendar. Their routes answer on dev hosts only.
 */
export const devPagesPlugin = fp(async (_app: FastifyInstance, _opts: VendorAreaOptions) => {}, {
  name: 'dev-pages',
});
