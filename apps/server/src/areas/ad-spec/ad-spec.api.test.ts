import type { AdSpecResponse } from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSpecChanges } from '../../kernel/db/schema';
import { createTestApp } from '../../test/test-app';
import { type FbadsFixture, fbadsFixture } from '../facebook-ads/fbads.test-setup';
import { callAs } from '../reviews/reviews.test-setup';

let app: FastifyInstance;
let f: FbadsFixture;

const spec = (overrides: Record<string, unknown> = {}) => ({
  services: ['Roof repair', 'Gutter cleaning'],
  serviceArea: { kind: 'places', places: ['Austin', '78701'] },
  monthlyBudgetCents: 150_000,
  schedule: { days: ['mon', 'tue', 'wed'], startTime: '08:00', endTime: '18:00' },
  landingPages: ['example.com/roofing'],
  callTrackingNumber: '(512) 555-0134',
  notes: 'No weekend promos.',
  updatedAt: null,
  ...overrides,
});

beforeAll(async () => {
  app = (await createTestApp()).app;
  f = await fbadsFixture(app, 'act_55', null);
});
afterAll(() => app.close());

describe('ad spec', () => {
  it('staff write it, the client reads it read-only with the history of changes', async () => {
    const staff = callAs(app, f.cookies.employee);
    const client = callAs(app, f.cookies.client);
    const url = `/api/uni/products/adspec/${f.companyId}`;

    const empty = (await client('GET', url)).json<AdSpecResponse>();
    expect(empty).toMatchObject({ spec: null, hasAdsProduct: true, canEdit: false, history: [] });

    const created = await staff('PUT', url, spec());
    expect(created.statusCode).toBe(200);
    const first = created.json<AdSpecResponse>();
    expect(first.spec).toMatchObject({
      landingPages: ['https://example.com/roofing'],
      callTrackingNumber: '+15125550134',
      updatedByName: 'Emma Staff',
    });
    expect(first.canEdit).toBe(true);

    const edited = await staff(
      'PUT',
      url,
      spec({ monthlyBudgetCents: 200_000, updatedAt: first.spec?.updatedAt }),
    );
    expect(edited.statusCode).toBe(200);

    const seen = (await client('GET', url)).json<AdSpecResponse>();
    expect(seen.spec?.monthlyBudgetCents).toBe(200_000);
    expect(seen.canEdit).toBe(false);
    expect(seen.history).toHaveLength(2);
    expect(seen.history[0]).toMatchObject({
      changedByName: 'Emma Staff',
      changes: [{ field: 'monthlyBudgetCents', before: 150_000, after: 200_000 }],
    });

    // A stale version is refused with a clear message, and nothing is written.
    const stale = await staff(
      'PUT',
      url,
      spec({ notes: 'Late edit', updatedAt: first.spec?.updatedAt }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/changed this ad spec after you opened it/);

    // Bad input: 400 with field details, nothing written.
    const bad = await staff(
      'PUT',
      url,
      spec({
        updatedAt: seen.spec?.updatedAt,
        landingPages: ['javascript:alert(1)'],
        callTrackingNumber: '12',
        schedule: { days: [], startTime: '18:00', endTime: '08:00' },
      }),
    );
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().error.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.landingPages.0',
        'body.callTrackingNumber',
        'body.schedule.days',
      ]),
    );
    const rows = await app.database.db
      .select()
      .from(adSpecChanges)
      .where(eq(adSpecChanges.companyId, f.companyId));
    expect(rows).toHaveLength(2);

    // The client may not write it; a stranger may not read it.
    expect((await client('PUT', url, spec({ updatedAt: seen.spec?.updatedAt }))).statusCode).toBe(
      403,
    );
    expect((await callAs(app, f.cookies.stranger)('GET', url)).statusCode).toBe(403);
  });
});
