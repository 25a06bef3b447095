import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../kernel/db/raw-rows';
import { createTestApp, type TestApp } from '../../test/test-app';

const expectedKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => app.close());

describe(`health and readiness (${expectedKind})`, () => {
  it('GET /healthz says the process is up', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it(`GET /readyz reports ${expectedKind} reachable with every migration applied`, async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ready');
    expect(body.database.kind).toBe(expectedKind);
    expect(body.database.reachable).toBe(true);
    expect(body.database.migrationsExpected).toBeGreaterThan(0);
    expect(body.database.migrationsApplied).toBe(body.database.migrationsExpected);
  });

  it('GET /api/app-config names no production host unless PUBLIC_URL is set', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/app-config' });
    // No tiles under NODE_ENV=test: the maps draw their grid on a plain background.
    expect(res.json()).toEqual({
      productionHost: null,
      tileUrl: null,
      tileAttribution: '',
      agency: {
        name: 'the Pinpoint team',
        email: 'sales@demo.pinpoint.local',
        phone: '+1 512 555 0100',
      },
    });
    const agency = { name: 'Bayside Marketing', email: 'hello@bayside.example', phone: null };
    const brand = { logoFile: null, primaryColor: '#123456', accentColor: '#654321' };
    const other = await createTestApp({
      config: { publicUrl: 'https://app.pinpoint.example', agency: { ...agency, ...brand } },
    });
    const configured = await other.app.inject({ method: 'GET', url: '/api/app-config' });
    await other.app.close();
    expect(configured.json()).toMatchObject({ productionHost: 'app.pinpoint.example', agency });
  });

  it('GET /readyz answers 503 while a migration is missing', async () => {
    const db = testApp.database.db;
    const [latest] = await rawRows<{ id: number }>(
      db,
      sql`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${latest?.id}`);
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('not_ready');
    expect(res.json().database.migrationsApplied).toBe(res.json().database.migrationsExpected - 1);
  });

  it('GET /readyz answers 503 when the database is gone', async () => {
    await testApp.database.close();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().database.reachable).toBe(false);
  });
});
