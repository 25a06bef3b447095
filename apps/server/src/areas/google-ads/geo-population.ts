import { readFileSync } from 'node:fs';
import { usGeoTargets } from '../../providers/google-ads/geotargets';

/**
 * Residents of a US geo target, from the repository's gazetteer (places/data/us-gazetteer.json,
 * the 2,000 largest US cities with their census populations): a city its own figure, a state
 * the sum of its listed cities, the country the sum of all. It counts people in the larger
 * cities only, so a state's figure is an undercount; it is the scale of the demo estimator,
 * which was calibrated on the same counts (see gads-estimator-model.ts), so the two agree.
 */
interface Gazetteer {
  states: [code: string, name: string, ...rest: unknown[]][];
  cities: [
    state: string,
    name: string,
    county: string | null,
    lat: unknown,
    lng: unknown,
    population: number,
  ][];
}

let cached: Map<string, number> | null = null;

function populations(): Map<string, number> {
  if (cached) return cached;
  const gazetteer = JSON.parse(
    readFileSync(new URL('../../providers/places/data/us-gazetteer.json', import.meta.url), 'utf8'),
  ) as Gazetteer;
  const stateName = new Map(gazetteer.states.map(([code, name]) => [code, name]));
  const byCanonical = new Map<string, number>();
  const byState = new Map<string, number>();
  let country = 0;
  for (const [code, name, , , , population] of gazetteer.cities) {
    const state = stateName.get(code);
    if (!state) continue;
    const canonical = `${name},${state},United States`;
    // The first of two same-named cities in a state is the larger (the list is sorted).
    if (!byCanonical.has(canonical)) byCanonical.set(canonical, population);
    byState.set(state, (byState.get(state) ?? 0) + population);
    country += population;
  }
  const out = new Map<string, number>();
  for (const geo of usGeoTargets().list) {
    const people =
      geo.targetType === 'Country'
        ? country
        : geo.targetType === 'State'
          ? byState.get(geo.name)
          : byCanonical.get(geo.canonicalName);
    if (people) out.set(geo.criteriaId, people);
  }
  cached = out;
  return out;
}

/** Residents of a geo target constant; null when the gazetteer does not know it. */
export function populationOf(criteriaId: string): number | null {
  return populations().get(criteriaId) ?? null;
}
