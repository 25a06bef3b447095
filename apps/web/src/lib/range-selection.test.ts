import { describe, expect, it } from 'vitest';
import { paramsForSelection, selectionFromParams } from './range-selection';

const today = '2025-03-31';
const read = (query: string) => selectionFromParams(new URLSearchParams(query), today);

describe('the overview date filter in the address', () => {
  it('defaults to the last 90 days with the 90 days before as the trend range', () => {
    expect(read('')).toEqual({
      preset: '90_days',
      range: { from: '2025-01-01', to: '2025-03-31' },
      previous: { from: '2024-10-03', to: '2024-12-31' },
    });
    expect(read('range=forever')).toEqual(read(''));
  });

  it('reads each preset with today fixed at a month end', () => {
    expect(read('range=30_days').range).toEqual({ from: '2025-03-02', to: '2025-03-31' });
    expect(read('range=previous_month')).toMatchObject({
      range: { from: '2025-02-01', to: '2025-02-28' },
      previous: { from: '2025-01-04', to: '2025-01-31' },
    });
    expect(read('range=2_months_ago').range).toEqual({ from: '2025-01-01', to: '2025-01-31' });
    expect(read('range=last_month').range).toEqual({ from: '2025-03-01', to: '2025-03-31' });
  });

  it('reads a valid custom range, and falls back to the default for a bad one', () => {
    expect(read('range=custom&from=2025-03-08&to=2025-03-10')).toEqual({
      preset: 'custom',
      range: { from: '2025-03-08', to: '2025-03-10' },
      previous: { from: '2025-03-05', to: '2025-03-07' },
    });
    for (const bad of [
      'range=custom',
      'range=custom&from=2025-03-10&to=2025-03-08',
      'range=custom&from=2025-03-01&to=2025-04-01',
      'range=custom&from=2020-01-01&to=2025-03-01',
      'range=custom&from=2025-02-29&to=2025-03-01',
    ]) {
      expect(read(bad).preset, bad).toBe('90_days');
    }
  });

  it('writes only what differs from the default', () => {
    expect(paramsForSelection('90_days').toString()).toBe('');
    expect(paramsForSelection('30_days').toString()).toBe('range=30_days');
    expect(paramsForSelection('custom', { from: '2025-03-08', to: '2025-03-10' }).toString()).toBe(
      'range=custom&from=2025-03-08&to=2025-03-10',
    );
    const round = read(paramsForSelection('previous_month').toString());
    expect(round.preset).toBe('previous_month');
  });
});
