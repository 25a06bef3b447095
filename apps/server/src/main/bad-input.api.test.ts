import { isErrorBody } from '@pinpoint/contracts';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientCompanies, users } from '../kernel/db/schema';
import type { RouteTableEntry } from '../kernel/http/access';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../test/test-app';

/**
 * Bad input (issue 8): for every route in the route table that takes input, values that its
 * own zod schemas REFUSE (each generated case is checked against the schema first), sent as
 * an admin, so that access never hides the validation. Every answer must be a 4xx in the
 * error envelope, never a 5xx, and the server must still answer afterwards.
 */
const CASES_PER_PART = 12;

/** Values of every JSON shape, including the ones that break naive handlers. */
const hostile = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
  fc.double({ noNaN: true }),
  fc.constantFrom(-1, 0, 1e300, Number.MAX_SAFE_INTEGER + 2),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', 'NaN', '2026-13-45', '<script>', "' OR 1=1 --", '../../etc', '%00'),
  fc.constant('x'.repeat(20_000)),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Path and query values are strings on the wire. */
const hostileText = fc.oneof(
  fc.constantFrom('-1', '0', 'abc', 'null', '1.5', '1e309', '99999999999999999999', '%2F', ' '),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constant('y'.repeat(3_000)),
);

/** The object shape of a route's input schema, through transforms and optional wrappers. */
function shapeOf(schema: unknown): Record<string, z.ZodType> | null {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return shapeOf(schema.in);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    return shapeOf(schema.unwrap());
  }
  return null;
}

/** A schema that throws while checking also refuses: the server's answer shows how. */
function refuses(schema: unknown, value: unknown): boolean {
  try {
    return !(schema as z.ZodType).safeParse(value).success;
  } catch {
    return true;
  }
}

/**
 * Objects with the schema's own keys given hostile values, some keys left out unless
 * `allKeys` (a path always has all its parameters), sometimes with an unknown key added.
 */
function wrongObjects(
  shape: Record<string, z.ZodType>,
  values: fc.Arbitrary<unknown>,
  allKeys = false,
) {
  const keys = Object.keys(shape);
  const fields = Object.fromEntries(keys.map((key) => [key, values]));
  const record = allKeys ? fc.record(fields) : fc.record(fields, { requiredKeys: [] });
  return fc.oneof(
    record,
    fc
      .tuple(record, fc.string({ maxLength: 6 }), values)
      .map(([object, extra, value]) => ({ ...object, [`${extra}_extra`]: value })),
  );
}

interface Case {
  url: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

function casesFor(route: RouteTableEntry): Case[] {
  const concrete = (params: Record<string, unknown> = {}) =>
    route.url.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(String(params[name] ?? '1')),
    );
  const cases: Case[] = [];
  const { params, querystring, body } = route.input;
  // Sampled then filtered (not `.filter` on the arbitrary): a schema that accepts every
  // generated value must end the sampling, not spin.
  const sample = <T>(arbitrary: fc.Arbitrary<T>, keep: (value: T) => boolean) => {
    const seen = new Set<string>();
    return fc
      .sample(arbitrary, { numRuns: CASES_PER_PART * 4, seed: 7 })
      .filter((value) => {
        const key = JSON.stringify(value);
        if (seen.has(key) || !keep(value)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, CASES_PER_PART);
  };
  const paramShape = shapeOf(params);
  if (paramShape) {
    for (const bad of sample(wrongObjects(paramShape, hostileText, true), (v) =>
      refuses(params, v),
    )) {
      cases.push({ url: concrete(bad) });
    }
  }
  const queryShape = shapeOf(querystring);
  if (queryShape) {
    for (const bad of sample(wrongObjects(queryShape, hostileText), (v) =>
      refuses(querystring, v),
    )) {
      cases.push({ url: concrete(), query: bad });
    }
  }
  if (body) {
    const bodyShape = shapeOf(body);
    const wrong = bodyShape ? fc.oneof(wrongObjects(bodyShape, hostile), hostile) : hostile;
    for (const bad of sample(wrong, (v) => refuses(body, v)))
      cases.push({ url: concrete(), body: bad });
  }
  return cases;
}

let testApp: TestApp;
let app: FastifyInstance;
let adminId = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  const db = testApp.database.db;
  await db.insert(clientCompanies).values({ name: 'Bad Input Roofing', label: 'Bad Input' });
  const [admin] = await db
    .insert(users)
    .values({ email: 'admin@bad-input.test', firstName: 'Bad', lastName: 'Input', admin: true })
    .returning();
  adminId = admin?.id ?? 0;
});
afterAll(() => app.close());

describe('bad input on every route', () => {
  it('answers every refused input with a 4xx in the error envelope, never a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    let routesWithInput = 0;
    const statuses = new Map<number, number>();
    for (const route of app.routeTable) {
      if (route.url === '/ws' || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
        continue;
      const cases = casesFor(route);
      if (cases.length > 0) routesWithInput++;
      // A fresh session per route: a route that ends sessions cannot skew the next ones.
      const cookie = await sessionCookieOf(app, adminId);
      for (const input of cases) {
        const options: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url: input.url,
          headers: { cookie, origin: TEST_ORIGIN },
          ...(input.query && { query: input.query as Record<string, string> }),
          ...(input.body !== undefined && { payload: JSON.stringify(input.body) }),
        };
        if (input.body !== undefined) {
          options.headers = { ...options.headers, 'content-type': 'application/json' };
        }
        const res = await app.inject(options);
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const label = `${route.method} ${route.url} ${JSON.stringify(input).slice(0, 160)} → ${res.statusCode}`;
        if (res.statusCode < 400 || res.statusCode >= 500) failures.push(label);
        else if (!isErrorBody(safeJson(res.body)))
          failures.push(`${label}: not the error envelope`);
      }
    }
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    process.stdout.write(
      `\n[bad input] ${sent} refused inputs to ${routesWithInput} routes: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(', ')}; ${failures.length} wrong answers\n`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    expect(health.statusCode).toBe(200);
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
