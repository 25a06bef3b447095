import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../kernel/lib/app-error';
import { verifyTwilioSignature } from '../../providers/sms/twilio-signature';
import type { SolicitationService } from './solicitation.service';
import type { Callbacks } from './solicitation-callbacks';

export const TWILIO_STATUS_PATH = '/api/sms/twilio/status';
export const TWILIO_INBOUND_PATH = '/api/sms/twilio/inbound';
/** Twilio's callbacks are a few hundred bytes of form fields. */
const BODY_LIMIT = 16 * 1024;

const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const twiml = (reply: string | null) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${xml(reply)}</Message>` : ''}</Response>`;

/**
 * Twilio's calls to us (public; Twilio's servers, never a browser): delivery reports of
 * our texts and texts people send to the agency's number. Each is signed with the account's
 * auth token over PUBLIC_URL + path and the form fields; a bad or missing signature is
 * refused with 403 before anything is read. With SMS_PROVIDER=demo there is no token and
 * the routes answer 404.
 */
export const twilioWebhooksRoutes: FastifyPluginAsyncZod<{
  service: SolicitationService;
  callbacks: Callbacks;
  authToken: string | null;
  /** linkOrigin(app, PUBLIC_URL): the address Twilio was given, so the one it signed. */
  origin: () => string;
}> = async (app, { callbacks, authToken, origin }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const fieldsOf = (request: FastifyRequest): Record<string, string> => {
    const body = request.body;
    if (!body || typeof body !== 'object') return {};
    return Object.fromEntries(
      Object.entries(body as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  };
  const verify = (request: FastifyRequest) => {
    // Without Twilio (SMS_PROVIDER=demo) there is nothing to call back: the address is absent.
    if (authToken === null) throw notFound('SMS callbacks are not configured.');
    const signature = request.headers['x-twilio-signature'];
    const url = `${origin()}${request.url}`;
    const ok = verifyTwilioSignature(
      authToken,
      url,
      fieldsOf(request),
      typeof signature === 'string' ? signature : undefined,
    );
    if (!ok) {
      request.log.warn({ url: request.url }, 'twilio callback with a bad signature refused');
      throw new AppError(403, 'FORBIDDEN', 'The request signature is not valid.');
    }
  };
  const config = { access: 'public', gateway: false, signedWebhook: verify } as const;

  app.route({
    method: 'POST',
    url: TWILIO_STATUS_PATH,
    bodyLimit: BODY_LIMIT,
    config,
    schema: {
      tags: ['review-solicitation'],
      summary: 'Twilio status callback (signed): a text was sent, delivered or failed',
      response: { 200: z.string() },
    },
    handler: async (request, reply) => {
      await callbacks.smsStatus(fieldsOf(request));
      return reply.type('text/xml; charset=utf-8').send(twiml(null));
    },
  });

  app.route({
    method: 'POST',
    url: TWILIO_INBOUND_PATH,
    bodyLimit: BODY_LIMIT,
    config,
    schema: {
      tags: ['review-solicitation'],
      summary: 'Twilio inbound text (signed): STOP, START and HELP to the agency’s number',
      response: { 200: z.string() },
    },
    handler: async (request, reply) => {
      const answer = await callbacks.smsInbound(fieldsOf(request));
      return reply.type('text/xml; charset=utf-8').send(twiml(answer));
    },
  });
};
