import { PRODUCTS } from '@pinpoint/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Hundreds of navigations through the real loaders: seconds, not the default five.
vi.setConfig({ testTimeout: 60_000 });

import {
  BEYOND_SPEC,
  routerPattern,
  SPEC_ROUTES,
  specPath,
  visit,
  wrongOutcomes,
} from './route-guards.cases';
import { ROUTE_REGISTRY, VISITORS, type Visitor, visitorsOf } from './route-registry';
import { routeTree } from './route-tree';

/**
 * The route guards over the whole route table, on a dev host (jsdom's localhost): every
 * SPEC §2 route as every visitor — signed out, client, employee, admin, trial lead — through
 * the app's real loaders. The browser walk (e2e/route-walk.spec.ts) then only opens pages;
 * every refusal is checked here. route-guards.production-host.test.ts does the same on a
 * production host name.
 */

const tree = routeTree({ error: null, loading: null });
afterAll(() => vi.unstubAllGlobals());

describe('the route registry', () => {
  it('has a page for every SPEC §2 route, and nothing beyond it but the pages it names', async () => {
    const served = new Set<string>();
    const missing: string[] = [];
    for (const route of SPEC_ROUTES) {
      const visitor: Visitor =
        route.section === 'public' ? 'signedOut' : route.section === 'trial' ? 'lead' : 'admin';
      const { outcome, pattern } = await visit(tree, specPath(route.pattern), visitor);
      if (outcome === 'page' && pattern) served.add(pattern);
      else missing.push(`${route.pattern}: ${outcome}`);
    }
    expect(missing, 'SPEC §2 routes the app does not serve').toEqual([]);
    const registered = ROUTE_REGISTRY.map((page) => page.pattern);
    const beyond = registered.filter((pattern) => !served.has(pattern));
    expect(beyond.sort()).toEqual(Object.keys(BEYOND_SPEC).sort());
    // The registry is the tree's pages, once each.
    expect(new Set(registered).size).toBe(registered.length);
    expect(registered).toContain(routerPattern('/dashboard/overview/{company_id}'));
  });

  it("serves every catalog product's page, and only the sub-pages SPEC §2 gives it", async () => {
    const specPages = new Set(SPEC_ROUTES.map((route) => route.pattern));
    for (const product of PRODUCTS) {
      const page = `/dashboard/products/${product.slug}/{product_id}`;
      expect(specPages.has(page), `${product.slug} in SPEC §2`).toBe(true);
      for (const sub of product.subPages) expect(specPages).toContain(`${page}/${sub}`);
    }
  });
});

describe('the route guards on a dev host', () => {
  for (const visitor of VISITORS) {
    it(`meet a ${visitor} visitor with what SPEC §2 says, on every route`, async () => {
      expect(await wrongOutcomes(tree, visitor, true)).toEqual([]);
    });
  }

  it('show not-found for a malformed id, an unknown product and an unknown address', async () => {
    const wrong: string[] = [];
    const withIds = SPEC_ROUTES.filter((route) =>
      /\{(?!product_name|product_type)/.test(route.pattern),
    );
    expect(withIds.length).toBeGreaterThan(30);
    for (const route of withIds) {
      const visitor: Visitor = route.section === 'trial' ? 'lead' : 'admin';
      const { outcome } = await visit(tree, specPath(route.pattern, 'not-an-id'), visitor);
      if (outcome !== 'not-found') wrong.push(`${route.pattern} with a malformed id: ${outcome}`);
    }
    const products = SPEC_ROUTES.filter((route) => /\{product_(name|type)\}/.test(route.pattern));
    for (const route of products) {
      const path = specPath(route.pattern.replace(/\{product_(name|type)\}/, 'not-a-product'));
      const { outcome } = await visit(tree, path, 'client');
      if (outcome !== 'not-found') wrong.push(`${route.pattern} of an unknown product: ${outcome}`);
    }
    for (const [path, visitor, expected] of [
      ['/no/such/page', 'signedOut', 'not-found'],
      ['/no/such/page', 'client', 'not-found'],
      ['/dashboard/no-such-section', 'client', 'not-found'],
      ['/dashboard/no-such-section', 'signedOut', 'login'],
      ['/trial/no-such-section', 'lead', 'not-found'],
    ] as const) {
      const { outcome } = await visit(tree, path, visitor);
      if (outcome !== expected) wrong.push(`${path} as ${visitor}: ${outcome}, not ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it('agree with the registry on who may open each page (what the browser walk visits)', async () => {
    const wrong: string[] = [];
    for (const page of ROUTE_REGISTRY) {
      const path = specPath(page.pattern.replace(/:([a-z_]+)/g, '{$1}'));
      const mayOpen = visitorsOf(page);
      for (const visitor of VISITORS) {
        const { outcome } = await visit(tree, path, visitor);
        if ((outcome === 'page') !== mayOpen.includes(visitor)) {
          wrong.push(`${page.pattern} as ${visitor}: ${outcome}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
