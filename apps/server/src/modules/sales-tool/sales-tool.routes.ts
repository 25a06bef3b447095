import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { VendorAreaOptions } from '../vendor-sync/area-plugin-options';

/** Stub: filled in by issue 21's work. */
export const salesToolRoutes: FastifyPluginAsyncZod<VendorAreaOptions> = async () => {};
