import type { SessionDescriptor } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { landingPath } from './landing';
import { safeNextPath } from './paths';

const base: SessionDescriptor = {
  exp: 0,
  perm: false,
  admin: false,
  lead: false,
  clients: [],
  client: null,
};
const acme = { client_id: 1, name: 'Acme', label: 'Acme' };

describe('landing after sign-in (SPEC §2)', () => {
  it('sends each role to its home', () => {
    expect(landingPath({ ...base, perm: true, clients: [acme] })).toBe('/dashboard/employee');
    expect(landingPath({ ...base, perm: true })).toBe('/dashboard/employee/custom-rank/run');
    expect(landingPath({ ...base, clients: [acme], client: acme })).toBe('/dashboard/overview');
    expect(landingPath({ ...base, admin: true })).toBe('/dashboard/overview');
    expect(landingPath({ ...base, lead: true })).toBe('/trial/overview');
  });

  it('follows only same-site next paths', () => {
    expect(safeNextPath('/dashboard/billing?x=1')).toBe('/dashboard/billing?x=1');
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'dashboard',
      null,
    ]) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });
});
