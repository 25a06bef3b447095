import { errorBodySchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../kernel/lib/app-error';
import type { SolicitationService } from './solicitation.service';
import type { Callbacks } from './solicitation-callbacks';
import { linkPage } from './solicitation-pages';

/** Google's "write a review" form for a place (the same link for every customer). */
export const googleReviewUrl = (placeId: string) =>
  `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;

/** Our small server-rendered pages: no script, inline style only, forms to ourselves. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
const FORM_BODY_LIMIT = 4 * 1024;
/**
 * A signed unsubscribe token is ~110 characters, past the router's 100-character limit on
 * a `:param`; a wildcard takes the rest of the path instead.
 */
const wildcardParams = z.object({ '*': z.string().max(600) });
const tokenParams = z.object({ token: z.string().max(64) });

/**
 * The links in review requests, public (the customer has no account): the review link
 * (`/r/{token}`: records the first click, then Google's review form), and unsubscribe —
 * RFC 8058 one-click (`POST /api/public/unsubscribe/{token}`, from the mail client, any
 * origin, no cookie) and the page a person opens (`GET /unsubscribe/{token}`), whose button
 * posts to the same address. A GET never unsubscribes: mail scanners follow links.
 */
export const solicitationLinksRoutes: FastifyPluginAsyncZod<{
  service: SolicitationService;
  callbacks: Callbacks;
}> = async (app, { callbacks }) => {
  // Form-encoded bodies here only: `List-Unsubscribe=One-Click`, or the page's button.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.route({
    method: 'GET',
    url: '/r/:token',
    config: { access: 'public' },
    schema: { hide: true, params: tokenParams },
    handler: async (request, reply) => {
      const placeId = await callbacks.click(request.params.token);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!placeId) {
        return reply
          .code(404)
          .header('content-security-policy', PAGE_CSP)
          .type('text/html; charset=utf-8')
          .send(linkPage('Link not found', '<p>This review link is not valid.</p>'));
      }
      return reply.redirect(googleReviewUrl(placeId), 302);
    },
  });

  app.route({
    method: 'GET',
    url: '/unsubscribe/*',
    config: { access: 'public' },
    schema: { hide: true, params: wildcardParams },
    handler: async (request, reply) => {
      const token = request.params['*'];
      const info = await callbacks.unsubscribeInfo(token);
      reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', PAGE_CSP)
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      if (!info) {
        return reply
          .code(404)
          .send(linkPage('Link not valid', '<p>This unsubscribe link is not valid.</p>'));
      }
      return reply.send(
        linkPage(
          'Unsubscribe',
          `<p>Stop review requests from <strong>${escapeHtml(info.business)}</strong>, by email and text?</p>
<form method="post" action="/api/public/unsubscribe/${escapeHtml(token)}">
<input type="hidden" name="from" value="page">
<button type="submit">Unsubscribe</button>
</form>`,
        ),
      );
    },
  });

  app.route({
    method: 'POST',
    url: '/api/public/unsubscribe/*',
    bodyLimit: FORM_BODY_LIMIT,
    // The mail client posts from its own origin (RFC 8058), with no cookie and no CSRF
    // token: the signed token in the address is the whole authority, and it only opts out.
    config: { access: 'public', gateway: false, htmlForm: true },
    schema: {
      tags: ['review-solicitation'],
      summary: 'One-click unsubscribe (RFC 8058) from a review request; also the page’s button',
      params: wildcardParams,
      // A person's browser gets a page either way; any other caller, the error envelope.
      response: { 200: z.string(), 404: z.union([z.string(), errorBodySchema]) },
    },
    handler: async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string>;
      // A person's browser (the page's button) reads a page; a mail client's one-click POST
      // or any other caller gets the API's error envelope for a bad link.
      const wantsPage = (request.headers.accept ?? '').includes('text/html');
      const fromPage = body.from === 'page';
      const done = await callbacks.unsubscribe(
        request.params['*'],
        fromPage ? 'email-link' : 'email-one-click',
      );
      if (!done && !wantsPage) throw notFound('This unsubscribe link is not valid.');
      reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', PAGE_CSP)
        .type('text/html; charset=utf-8');
      if (!done) {
        return reply
          .code(404)
          .send(linkPage('Link not valid', '<p>This unsubscribe link is not valid.</p>'));
      }
      return reply
        .code(200)
        .send(
          linkPage(
            'Unsubscribed',
            `<p>You will get no more review requests from <strong>${escapeHtml(done.business)}</strong>.</p>`,
          ),
        );
    },
  });
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
