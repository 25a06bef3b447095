import { describe, expect, it } from 'vitest';
import { categoryRelevance, RELEVANCE, stem } from './keyword-relevance';
import {
  baseScore,
  decayKm,
  derivedReputation,
  distanceKm,
  isOpenOn,
  noiseFactor,
  prominence,
  reachKm,
} from './simulated-model';

describe('keyword relevance', () => {
  it('maps the seeded trades’ keywords to their category', () => {
    expect(categoryRelevance('water heater repair')('Plumber')).toBe(RELEVANCE.vertical);
    expect(categoryRelevance('Emergency Plumber near me')('Plumber')).toBe(RELEVANCE.vertical);
    expect(categoryRelevance('ac repair')('HVAC contractor')).toBe(RELEVANCE.vertical);
  });
  it('matches other keywords by shared trade words, and related trades weakly', () => {
    expect(stem('plumbing')).toBe(stem('plumber'));
    expect(stem('dental')).toBe(stem('dentist'));
    expect(categoryRelevance('plumbing help')('Plumber')).toBe(RELEVANCE.sharedWord);
    expect(categoryRelevance('dentist')('Orthodontist')).toBe(RELEVANCE.related);
  });
  it('gives unrelated trades nothing, even when they share a generic word', () => {
    expect(categoryRelevance('plumber')('Dentist')).toBe(0);
    expect(categoryRelevance('ac repair')('Auto repair shop')).toBe(0);
    expect(categoryRelevance('plumber')(null)).toBe(0);
  });
});

describe('the scoring model', () => {
  it('measures great-circle distance', () => {
    // Austin to Dallas is about 293 km.
    const km = distanceKm({ lat: 30.2672, lng: -97.7431 }, { lat: 32.7767, lng: -96.797 });
    expect(km).toBeGreaterThan(285);
    expect(km).toBeLessThan(300);
  });
  it('decays over a shorter distance as the map zooms in', () => {
    expect(decayKm(13)).toBe(2.5);
    expect(decayKm(11)).toBe(5);
    expect(decayKm(15)).toBe(1.25);
    expect(reachKm(13)).toBe(10);
  });
  it('rates prominence from 0.2 to 1, rising with stars and reviews', () => {
    expect(prominence(5, 1000)).toBeCloseTo(1, 2);
    expect(prominence(2, 0)).toBeCloseTo(0.2, 5);
    expect(prominence(4.8, 50)).toBeGreaterThan(prominence(4.0, 50));
    expect(prominence(4.5, 300)).toBeGreaterThan(prominence(4.5, 30));
  });
  it('scores closer, more relevant, more prominent businesses higher, and hides the unrelated', () => {
    const at = (distance: number, relevance = 1, strength = 0.7) =>
      baseScore({ relevance, prominence: strength, distanceKm: distance }, 13);
    expect(at(0.5) ?? 0).toBeGreaterThan(at(3) ?? 0);
    expect(at(1) ?? 0).toBeGreaterThan(at(1, 0.45) ?? 0);
    expect(at(1, 1, 0.9) ?? 0).toBeGreaterThan(at(1, 1, 0.5) ?? 0);
    expect(at(1, 0)).toBeNull();
    expect(at(11)).toBeNull();
  });
  it('adds noise within ±17 %, fixed by keyword, point, day and business', () => {
    const point = { lat: 30.2672, lng: -97.7431 };
    const a = noiseFactor('plumber', point, 20_000, 'ChIJ-a');
    expect(noiseFactor('plumber', point, 20_000, 'ChIJ-a')).toBe(a);
    expect(noiseFactor('plumber', point, 20_001, 'ChIJ-a')).not.toBe(a);
    expect(noiseFactor('drain cleaning', point, 20_000, 'ChIJ-a')).not.toBe(a);
    for (let day = 20_000; day < 20_060; day++) {
      const value = noiseFactor('plumber', point, day, 'ChIJ-a');
      expect(value).toBeGreaterThan(Math.exp(-0.17) - 1e-9);
      expect(value).toBeLessThan(Math.exp(0.17) + 1e-9);
      // Drift is slow: consecutive days differ by far less than the whole range.
      const next = noiseFactor('plumber', point, day + 1, 'ChIJ-a');
      expect(Math.abs(Math.log(next / value))).toBeLessThan(0.2);
    }
  });
  it('gives client companies a stable, plausible reputation', () => {
    const first = derivedReputation('ChIJ-some-place');
    expect(derivedReputation('ChIJ-some-place')).toEqual(first);
    expect(first.rating).toBeGreaterThanOrEqual(4);
    expect(first.rating).toBeLessThanOrEqual(4.9);
    expect(first.reviewCount).toBeGreaterThanOrEqual(15);
    expect(first.reviewCount).toBeLessThanOrEqual(400);
  });
  it('keeps a business on the map from its opening day until its closing day', () => {
    const business = { openedOn: '2026-03-11', closedOn: '2026-03-20' };
    expect(isOpenOn(business, '2026-03-10')).toBe(false);
    expect(isOpenOn(business, '2026-03-11')).toBe(true);
    expect(isOpenOn(business, '2026-03-19')).toBe(true);
    expect(isOpenOn(business, '2026-03-20')).toBe(false);
    expect(isOpenOn({}, '1999-01-01')).toBe(true);
    expect(isOpenOn({ openedOn: null, closedOn: '2026-01-01' }, '2025-12-31')).toBe(true);
  });
});
