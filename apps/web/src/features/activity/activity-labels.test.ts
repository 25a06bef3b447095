import { describe, expect, it } from 'vitest';
import { activityLabel, parseActivityType } from './activity-labels';

describe('activityLabel', () => {
  it('reads a known type by its label', () => {
    expect(activityLabel('scan_run')).toBe('Rank scan run');
    expect(activityLabel('qa_answered')).toBe('Question answered');
  });

  it('reads a type this version does not know as its own words', () => {
    expect(activityLabel('citation_built')).toBe('Citation built');
    expect(activityLabel('newsletter')).toBe('Newsletter');
  });
});

describe('parseActivityType', () => {
  it('keeps a known type and turns anything else into "all types"', () => {
    expect(parseActivityType('review_replied')).toBe('review_replied');
    expect(parseActivityType('Review_Replied')).toBeNull();
    expect(parseActivityType('')).toBeNull();
    expect(parseActivityType(null)).toBeNull();
  });
});
