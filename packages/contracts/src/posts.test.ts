import { describe, expect, it } from 'vitest';
import {
  instantToLocalDateTime,
  isHttpUrl,
  localDateTimeToInstant,
  postInputProblems,
  postInputSchema,
} from './posts';

const input = (overrides: Record<string, unknown> = {}) =>
  postInputSchema.parse({
    summary: 'Hello',
    action: 'draft',
    idempotencyKey: 'key-00001',
    ...overrides,
  });
const paths = (problems: { path: string }[]) => problems.map((p) => p.path).sort();

describe('post schedules in the company’s zone', () => {
  it('turns a local date-time into its instant and back, across DST', () => {
    expect(localDateTimeToInstant('2026-07-01T14:30', 'America/Chicago').toISOString()).toBe(
      '2026-07-01T19:30:00.000Z',
    );
    expect(localDateTimeToInstant('2026-01-15T14:30:20', 'America/Chicago').toISOString()).toBe(
      '2026-01-15T20:30:20.000Z',
    );
    expect(instantToLocalDateTime('2026-01-15T20:30:20Z', 'America/Chicago')).toBe(
      '2026-01-15T14:30',
    );
    expect(Number.isNaN(localDateTimeToInstant('tomorrow', 'UTC').getTime())).toBe(true);
  });
});

describe('postInputProblems', () => {
  it('accepts a plain update on both vendors', () => {
    expect(postInputProblems('google', input())).toEqual([]);
    expect(postInputProblems('facebook', input({ ctaUrl: 'https://example.com' }))).toEqual([]);
  });

  it('holds Google’s rules: limits, a link for every button but Call, event and offer dates', () => {
    expect(paths(postInputProblems('google', input({ summary: 'x'.repeat(1501) })))).toEqual([
      'summary',
    ]);
    expect(paths(postInputProblems('google', input({ ctaType: 'BOOK' })))).toEqual(['ctaUrl']);
    expect(
      paths(postInputProblems('google', input({ ctaType: 'BOOK', ctaUrl: 'ftp://x.com' }))),
    ).toEqual(['ctaUrl']);
    expect(
      paths(postInputProblems('google', input({ ctaType: 'CALL', ctaUrl: 'https://x.com' }))),
    ).toEqual(['ctaUrl']);
    expect(paths(postInputProblems('google', input({ topicType: 'OFFER' })))).toEqual(['event']);
    const event = { title: 't'.repeat(59), start: '2030-01-02T10:00', end: '2030-01-02T09:00' };
    expect(paths(postInputProblems('google', input({ topicType: 'EVENT', event })))).toEqual([
      'event.end',
      'event.title',
    ]);
    const offer = { couponCode: 'C'.repeat(59), redeemUrl: 'nope', terms: '' };
    const dates = { title: 'Sale', start: '2030-01-02T10:00', end: '2030-01-09T10:00' };
    expect(
      paths(postInputProblems('google', input({ topicType: 'OFFER', event: dates, offer }))),
    ).toEqual(['offer.couponCode', 'offer.redeemUrl']);
  });

  it('keeps Facebook posts plain, and images to https', () => {
    expect(
      paths(
        postInputProblems(
          'facebook',
          input({ topicType: 'EVENT', ctaType: 'BOOK', mediaUrl: 'http://a.com/x' }),
        ),
      ),
    ).toEqual(['ctaType', 'mediaUrl', 'topicType']);
    expect(isHttpUrl('https://example.com/a?b=1')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('http://example.com', true)).toBe(false);
  });
});
