import { QR_CODE_PATTERN } from '@pinpoint/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { QrCodeCache } from './qr-code-cache';
import type { ScanRecorder } from './qr-scan-recorder';
import { visitorId } from './qr-scan-recorder';
import { parseScanAgent } from './qr-user-agent';

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>QR code not found</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem">
<h1>This QR code is not active</h1>
<p>The code you scanned does not exist or has been switched off by its owner.</p>
</body></html>`;

/**
 * `GET /q/{code}`: the printed QR codes' short redirect. Public and fast: one lookup (from
 * memory while fresh, qr-code-cache.ts), the scan handed to the batched recorder (never
 * awaited in the default setup), then 302 to the target. Unknown and archived codes get a
 * 404 page. The target is checked again here (http(s), no credentials), so a row that
 * reached the table some other way never sends a phone to `javascript:` or `data:`.
 */
export const qrRedirectRoutes: FastifyPluginAsyncZod<{
  codes: QrCodeCache;
  recorder: ScanRecorder;
  visitorSecret: Buffer;
}> = async (app, { codes, recorder, visitorSecret }) => {
  const notFoundPage = (reply: FastifyReply) => {
    reply.code(404);
    reply.header('cache-control', 'no-store');
    reply.type('text/html; charset=utf-8');
    return reply.send(NOT_FOUND_PAGE);
  };

  app.route({
    method: 'GET',
    url: '/q/:code',
    config: { access: 'public' },
    schema: { params: z.object({ code: z.string().max(64) }), hide: true },
    handler: async (request, reply) => {
      const { code } = request.params;
      if (!QR_CODE_PATTERN.test(code)) return notFoundPage(reply);
      const found = await codes.lookup(code);
      if (found?.status !== 'active') return notFoundPage(reply);
      if (found.location === null) {
        request.log.warn({ qrCodeId: found.id }, 'QR code target refused at redirect');
        return notFoundPage(reply);
      }
      const at = new Date();
      const userAgent = request.headers['user-agent'] ?? '';
      const agent = parseScanAgent(userAgent);
      await recorder.record({
        qrCodeId: found.id,
        scannedAt: at,
        ...agent,
        visitor: visitorId(visitorSecret, request.ip, userAgent, at),
        city: null,
      });
      // Every scan must reach us, so no cache may keep the redirect.
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return reply.redirect(found.location, 302);
    },
  });
};
