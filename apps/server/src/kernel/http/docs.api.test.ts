import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

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

  it('gives the page a policy that lets Swagger UI style itself and nothing else in', async () => {
    for (const url of ['/api/docs/', '/api/docs/static/index.html']) {
      const res = await app.inject({ method: 'GET', url });
      const policy = String(res.headers['content-security-policy']);
      const directives = new Map(
        policy
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .filter(([name]) => name)
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy).not.toContain('https:');
    }
  });
});
