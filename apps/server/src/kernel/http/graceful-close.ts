import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Node's `server.close()` closes the keep-alive sockets that are idle at that moment, but
 * a socket whose request was still in flight becomes idle later and would hold the close
 * open until its keep-alive timeout. While closing, answers therefore carry
 * `Connection: close`, and each finished answer releases its socket straight away.
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
});
