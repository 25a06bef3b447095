import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundBody, sendError } from './errors';

/** Paths that belong to the API: an unknown one answers with the JSON envelope, never the SPA. */
const API_PREFIXES = ['/api', '/database', '/ws', '/healthz', '/readyz'];

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The file a path names inside the build folder, if there is one (never outside it). */
function builtFile(distDir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const candidate = path.resolve(distDir, `.${decoded}`);
  if (!candidate.startsWith(distDir + path.sep)) return null;
  try {
    return fs.statSync(candidate).isFile() ? path.relative(distDir, candidate) : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built React app. Hashed files under /assets are cached for a year; everything
 * else, and every deep link such as /dashboard/overview, answers with index.html so the
 * client-side router can take over (history fallback).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const distDir = path.resolve(opts.distDir);
  // Caching is decided per file below, so the plugin must not set its own header. The
  // build writes .br and .gz copies of its text files (vite.config.ts): they are sent to
  // browsers that accept them, with the right Content-Encoding (and Vary, set below).
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    cacheControl: false,
    preCompressed: true,
  });

  const sendIndex = (reply: FastifyReply) => {
    if (!fs.existsSync(path.join(distDir, 'index.html'))) {
      return sendError(reply, 503, {
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The web app is not built yet. Run `npm run build`, or start with `npm start`.',
        },
      });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname)) return sendError(reply, 404, notFoundBody(request.method, pathname));
    const file = pathname === '/' ? null : builtFile(distDir, pathname);
    if (file) {
      const immutable = file.startsWith(`assets${path.sep}`);
      return (
        reply
          .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
          // The body depends on Accept-Encoding (precompressed copies): shared caches must know.
          .header('vary', 'accept-encoding')
          .sendFile(file)
      );
    }
    // A request for a missing file (it has an extension) is a 404, not the app.
    if (path.extname(pathname))
      return sendError(reply, 404, notFoundBody(request.method, pathname));
    return sendIndex(reply);
  };

  app.route({
    method: 'GET',
    url: '/*',
    config: { access: 'public' },
    schema: { hide: true },
    handler: serve,
  });
  app.route({
    method: 'GET',
    url: '/',
    config: { access: 'public' },
    schema: { hide: true },
    handler: serve,
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, notFoundBody(request.method, request.url)),
  );
});
