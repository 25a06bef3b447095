// @vitest-environment-options { "url": "https://app.pinpoint.example/" }
import { afterAll, describe, expect, it, vi } from 'vitest';

// Hundreds of navigations through the real loaders: seconds, not the default five.
vi.setConfig({ testTimeout: 60_000 });

import { wrongOutcomes } from './route-guards.cases';
import { VISITORS } from './route-registry';
import { routeTree } from './route-tree';

/** The same guards on a production host name: the dev-only pages are not found there. */

const tree = routeTree({ error: null, loading: null });
afterAll(() => vi.unstubAllGlobals());

describe('the route guards on a production host', () => {
  it('runs on a host that is not a dev host', () => {
    expect(window.location.hostname).toBe('app.pinpoint.example');
  });

  for (const visitor of VISITORS) {
    it(`meet a ${visitor} visitor with what SPEC §2 says, on every route`, async () => {
      expect(await wrongOutcomes(tree, visitor, false)).toEqual([]);
    });
  }
});
