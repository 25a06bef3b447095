import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/test-app';

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new connections, then closes the database', async () => {
    const { app, database } = await createTestApp({
      extraRoutes: (scope) => {
        scope.route({
          method: 'GET',
          url: '/api/test/slow',
          config: { access: 'public' },
          schema: { response: { 200: z.object({ done: z.boolean() }) } },
          handler: async () => {
            await sleep(400);
            return { done: true };
          },
        });
      },
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const inFlight = fetch(`${address}/api/test/slow`);
    await sleep(100);
    const closeStarted = performance.now();
    const closing = app.close();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });

    await closing;
    // The released keep-alive socket does not hold the close open until its timeout.
    expect(performance.now() - closeStarted).toBeLessThan(app.server.keepAliveTimeout);
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
    await expect(database.ping()).rejects.toThrow();
  });
});
