import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await createTestApp());
});
afterAll(() => app.close());

describe('OpenAPI documentation', () => {
  it('is generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Pinpoint API');
    const readyz = doc.paths['/readyz'].get;
    expect(Object.keys(readyz.responses).sort()).toEqual(['200', '503']);
    expect(readyz.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'database',
    );
    // The web app's catch-all is not part of the API.
    expect(doc.paths).not.toHaveProperty('/*');
  });

  it('serves a readable page at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
  });
});
