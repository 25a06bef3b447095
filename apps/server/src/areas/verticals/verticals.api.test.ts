import {
  lsaCategoryInfoSchema,
  lsaCategoryListSchema,
  VERTICAL_SLUG_TAKEN,
  verticalListSchema,
  verticalSchema,
} from '@pinpoint/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import {
  cookieOf,
  insertCompany,
  insertUsers,
  type Role,
} from '../grid-batches/grid-batches.fixtures';
import { slugify } from './verticals.service';

let app: FastifyInstance;
let ids: Record<Role, number>;

async function call(
  method: InjectOptions['method'],
  url: string,
  payload?: Record<string, unknown>,
  role: Role = 'admin',
) {
  return app.inject({
    method,
    url,
    headers: { cookie: await cookieOf(app, ids[role]), origin: TEST_ORIGIN },
    ...(payload && { payload }),
  });
}

const fieldsOf = (body: { error: { details?: { path: string; message: string }[] } }) =>
  Object.fromEntries((body.error.details ?? []).map((d) => [d.path, d.message]));

beforeAll(async () => {
  ({ app } = await createTestApp());
  const company = await insertCompany(app, 'Vertical Test Co', 0);
  ids = await insertUsers(app, 'verticals', company.id);
});
afterAll(() => app.close());

describe('verticals', () => {
  it('creates a vertical and lists it, searchable', async () => {
    const res = await call('POST', '/api/vertical/admin/create', {
      name: '  Water damage ',
      slug: 'water-damage',
      lsaCategory: 'water_damage',
    });
    expect(res.statusCode).toBe(200);
    expect(verticalSchema.parse(res.json())).toMatchObject({
      name: 'Water damage',
      slug: 'water-damage',
      lsaCategory: 'water_damage',
    });
    const list = verticalListSchema.parse(
      (await call('GET', '/api/vertical/admin/list?q=water')).json(),
    );
    expect(list.items.map((v) => v.slug)).toEqual(['water-damage']);
    expect(list.total).toBe(1);
  });

  it('answers every invalid field with its own message, and stores nothing', async () => {
    const res = await call('POST', '/api/vertical/admin/create', {
      name: '',
      slug: 'Water Damage!',
    });
    expect(res.statusCode).toBe(400);
    const fields = fieldsOf(res.json());
    expect(fields['body.name']).toBe('Enter a name.');
    expect(fields['body.slug']).toMatch(/lowercase letters and digits/);
    const long = await call('POST', '/api/vertical/admin/create', {
      name: 'x'.repeat(101),
      slug: 'long-one',
    });
    expect(fieldsOf(long.json())['body.name']).toBe('Use at most 100 characters.');
    const unknown = await call('POST', '/api/vertical/admin/create', {
      name: 'Basket weaving',
      slug: 'basket-weaving',
      lsaCategory: 'basket_weaving',
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown.json())['body.lsaCategory']).toMatch(/LSA catalogue/);
    const list = verticalListSchema.parse((await call('GET', '/api/vertical/admin/list')).json());
    expect(list.total).toBe(1);
  });

  it('refuses a taken slug with 409 on the slug field', async () => {
    const res = await call('POST', '/api/vertical/admin/create', {
      name: 'Another',
      slug: 'water-damage',
    });
    expect(res.statusCode).toBe(409);
    expect(fieldsOf(res.json())).toEqual({ 'body.slug': VERTICAL_SLUG_TAKEN });
  });

  it('updates a vertical, keeps its own slug free, refuses another’s, and 404s a missing one', async () => {
    const other = verticalSchema.parse(
      (
        await call('POST', '/api/vertical/admin/create', { name: 'Locksmith', slug: 'locksmith' })
      ).json(),
    );
    const updated = await call('PUT', `/api/vertical/admin/update/${other.id}`, {
      name: 'Locksmiths',
      slug: 'locksmith',
      lsaCategory: 'locksmith',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Locksmiths', lsaCategory: 'locksmith' });
    expect(new Date(updated.json().updatedAt) >= new Date(other.updatedAt)).toBe(true);
    const taken = await call('PUT', `/api/vertical/admin/update/${other.id}`, {
      name: 'Locksmiths',
      slug: 'water-damage',
    });
    expect(taken.statusCode).toBe(409);
    const missing = await call('PUT', '/api/vertical/admin/update/999999', {
      name: 'Nobody',
      slug: 'nobody',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('serves the demo LSA catalogue and one category’s details with its mapped verticals', async () => {
    const list = lsaCategoryListSchema.parse(
      (await call('GET', '/api/vertical/admin/pull/list')).json(),
    );
    expect(list.source).toBe('demo');
    expect(list.categories.map((c) => c.id)).toContain('plumber');
    const info = await call('POST', '/api/vertical/admin/pull/info', {
      categoryId: 'water_damage',
    });
    expect(info.statusCode).toBe(200);
    expect(lsaCategoryInfoSchema.parse(info.json())).toMatchObject({
      name: 'Water damage restoration',
      suggested: { slug: 'water-damage-restoration', name: 'Water damage restoration' },
      verticals: [{ slug: 'water-damage' }],
    });
    expect(
      (await call('POST', '/api/vertical/admin/pull/info', { categoryId: 'nope' })).statusCode,
    ).toBe(404);
  });

  it('is for admins only', async () => {
    for (const role of ['employee', 'client', 'lead'] as const) {
      expect((await call('GET', '/api/vertical/admin/list', undefined, role)).statusCode).toBe(403);
      const create = await call(
        'POST',
        '/api/vertical/admin/create',
        { name: 'X', slug: 'x' },
        role,
      );
      expect(create.statusCode).toBe(403);
    }
  });

  it('makes slugs from names', () => {
    expect(slugify('HVAC (heating and cooling)')).toBe('hvac-heating-and-cooling');
    expect(slugify('  Water Damage & Mold  ')).toBe('water-damage-mold');
  });
});
