import { describe, expect, it } from 'vitest';
import { createDemoPlacesProvider, fold, loadGazetteer } from './demo-places';

const places = createDemoPlacesProvider();
const search = (q: string, options: Parameters<typeof places.search>[1] = { limit: 8 }) =>
  places.search(q, options);

describe('the bundled US gazetteer', () => {
  it('holds the 50 states and DC, every county, and the largest cities, in under 300 KB', () => {
    const data = loadGazetteer();
    expect(data.states).toHaveLength(51);
    expect(data.counties.length).toBeGreaterThan(3100);
    expect(data.cities.length).toBeGreaterThanOrEqual(1000);
    expect(JSON.stringify(data).length).toBeLessThan(300 * 1024);
    expect(data.cities.every(([, , county]) => county !== null)).toBe(true);
  });
});

describe('demo places search', () => {
  it('gives deterministic ids and SPEC §3 fields, with positions', async () => {
    const [austin] = await search('Austin, TX');
    expect(austin).toEqual({
      place_id: 'us-tx-austin',
      place_type: 'City',
      full_name: 'Austin, TX, USA',
      lat: expect.any(Number),
      lng: expect.any(Number),
    });
    expect((await search('Travis County'))[0]?.place_id).toBe('us-tx-travis-county');
    expect((await search('Texas'))[0]?.place_id).toBe('us-tx');
    expect((await search('United States'))[0]).toMatchObject({
      place_id: 'us',
      place_type: 'Country',
    });
  });

  it('ranks an exact name over a prefix over a word prefix, larger places first', async () => {
    const names = (await search('york', { limit: 20 })).map((p) => p.full_name);
    // "York" itself (exact) comes before places whose name starts with it, which come
    // before places where a later word starts with it ("New York").
    const firstExact = names.findIndex((n) => n.startsWith('York,') || n.startsWith('York '));
    const firstWord = names.findIndex((n) => n.startsWith('New York'));
    expect(firstExact).toBeGreaterThanOrEqual(0);
    expect(firstWord).toBeGreaterThan(firstExact);

    const springfields = (await search('springfield', { types: ['City'], limit: 10 })).map(
      (p) => p.full_name,
    );
    // Among equal matches the bigger city comes first: Springfield MO > IL > MA.
    expect(springfields.slice(0, 3)).toEqual([
      'Springfield, MO, USA',
      'Springfield, MA, USA',
      'Springfield, IL, USA',
    ]);
  });

  it('is case- and diacritic-insensitive', async () => {
    expect(fold('  São  José! ')).toBe('sao jose');
    const plain = await search('san jose', { types: ['City'], limit: 3 });
    const accented = await search('SAN JOSÉ', { types: ['City'], limit: 3 });
    expect(accented).toEqual(plain);
    expect(plain[0]?.place_id).toBe('us-ca-san-jose');
  });

  it('narrows by what follows a comma: state code or name', async () => {
    const [portlandMe] = await search('Portland, ME', { types: ['City'], limit: 1 });
    expect(portlandMe?.place_id).toBe('us-me-portland');
    const [portlandMaine] = await search('portland, maine', { types: ['City'], limit: 1 });
    expect(portlandMaine?.place_id).toBe('us-me-portland');
  });

  it('returns only the asked types, and never anything but the four kinds', async () => {
    const counties = await search('harris', { types: ['County'], limit: 20 });
    expect(counties.length).toBeGreaterThan(0);
    expect(counties.every((p) => p.place_type === 'County')).toBe(true);
    const mixed = await search('wash', { limit: 20 });
    expect(new Set(mixed.map((p) => p.place_type))).toEqual(new Set(['State', 'County', 'City']));
    for (const p of mixed) expect(['Country', 'State', 'County', 'City']).toContain(p.place_type);
  });

  it('respects the limit and finds nothing for nonsense or punctuation only', async () => {
    expect(await search('san', { limit: 3 })).toHaveLength(3);
    expect(await search('zzqx', { limit: 8 })).toEqual([]);
    expect(await search(' ,.- ', { limit: 8 })).toEqual([]);
  });

  it('looks a place up again by id with the names a profile stores', async () => {
    expect(await places.lookup('us-tx-austin')).toMatchObject({
      place_type: 'City',
      country: 'US',
      state: 'TX',
      county: 'Travis County',
      city: 'Austin',
    });
    expect(await places.lookup('us-tx-travis-county')).toMatchObject({
      place_type: 'County',
      state: 'TX',
      county: 'Travis County',
      city: null,
    });
    expect(await places.lookup('us-tx')).toMatchObject({ state: 'TX', county: null });
    expect(await places.lookup('us-zz-nowhere')).toBeNull();
  });
});
