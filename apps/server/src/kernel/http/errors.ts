import type { ErrorBody, FieldError } from '@pinpoint/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, codeForStatus } from '../lib/app-error';

const INTERNAL_MESSAGE = 'Something went wrong on our side. The error has been logged.';

export function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function notFoundBody(method: string, url: string): ErrorBody {
  const path = url.split('?')[0] ?? url;
  return { error: { code: 'NOT_FOUND', message: `No route ${method} ${path}.` } };
}

/**
 * Fastify's router answers a few malformed urls (a path parameter over its length limit, a
 * url that is not valid percent-encoding) before any route or hook runs; this puts those
 * answers in the one error envelope too (the `frameworkErrors` server option).
 */
export function frameworkErrorReply(
  error: FastifyError,
  _request: unknown,
  reply: FastifyReply,
): FastifyReply {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of this address is too long.'
      : 'This address is not valid.';
  return sendError(reply, status, { error: { code: codeForStatus(status), message } });
}

/** "body.email", "querystring.page": where in the request each problem is. */
function fieldErrors(error: FastifyError): FieldError[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const inner = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { path: inner ? `${context}.${inner}` : context, message: issue.message ?? 'Invalid' };
  });
}

/**
 * The one error handler. Intended errors (AppError, validation, Fastify's own 4xx) answer
 * with their message; everything else is logged whole and answered with a bare 500, so no
 * stack, SQL or internal detail ever reaches a client.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.headers) reply.headers(error.extra.headers);
      return sendError(reply, error.statusCode, {
        error: { code: error.code, message: error.message, details: error.extra.details },
        reason: error.extra.reason,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(reply, 400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are missing or invalid.',
          details: fieldErrors(error),
        },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return sendError(reply, status, {
        error: { code: codeForStatus(status), message: error.message },
      });
    }
    request.log.error({ err: error }, 'request failed');
    const serverStatus = Math.max(status, 500);
    return sendError(reply, serverStatus, {
      error: { code: codeForStatus(serverStatus), message: INTERNAL_MESSAGE },
    });
  });
});
