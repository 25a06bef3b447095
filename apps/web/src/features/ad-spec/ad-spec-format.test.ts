import { describe, expect, it } from 'vitest';
import { formatArea, formatBudget, formatFieldValue, formatSchedule } from './ad-spec-format';

describe('ad spec formatting', () => {
  it('writes a service area as its places or as a radius around a centre', () => {
    expect(formatArea({ kind: 'places', places: ['Austin', 'Round Rock', '78701'] })).toBe(
      'Austin, Round Rock, 78701',
    );
    expect(
      formatArea({ kind: 'radius', center: '1100 Congress Ave, Austin, TX', radiusMiles: 15 }),
    ).toBe('15 miles around 1100 Congress Ave, Austin, TX');
  });

  it('writes the schedule’s days in week order, whatever order they were chosen in', () => {
    expect(
      formatSchedule({ days: ['sat', 'mon', 'wed'], startTime: '07:30', endTime: '19:00' }),
    ).toBe('Mon, Wed, Sat, 07:30–19:00');
  });

  it('writes a monthly budget from cents', () => {
    expect(formatBudget(125_050)).toBe('$1,250.50');
    expect(formatBudget(0)).toBe('$0.00');
  });

  it('writes each history value as people read it', () => {
    expect(formatFieldValue('monthlyBudgetCents', 250_000)).toBe('$2,500.00');
    expect(formatFieldValue('callTrackingNumber', '+15125550134')).toBe('(512) 555-0134');
    expect(formatFieldValue('services', ['Drain cleaning', 'Water heaters'])).toBe(
      'Drain cleaning, Water heaters',
    );
    expect(formatFieldValue('landingPages', [])).toBe('(none)');
    expect(formatFieldValue('serviceArea', { kind: 'places', places: ['Pflugerville'] })).toBe(
      'Pflugerville',
    );
    expect(
      formatFieldValue('schedule', { days: ['tue', 'mon'], startTime: '08:00', endTime: '17:00' }),
    ).toBe('Mon, Tue, 08:00–17:00');
    expect(formatFieldValue('notes', 'Pause ads over Thanksgiving.')).toBe(
      'Pause ads over Thanksgiving.',
    );
  });

  it('writes a missing value as (none), and a value of an unexpected shape as its JSON', () => {
    expect(formatFieldValue('callTrackingNumber', null)).toBe('(none)');
    expect(formatFieldValue('notes', '')).toBe('(none)');
    expect(formatFieldValue('schedule', undefined)).toBe('(none)');
    // An old history row that stored services as one string.
    expect(formatFieldValue('services', 'Drain cleaning')).toBe('"Drain cleaning"');
  });
});
