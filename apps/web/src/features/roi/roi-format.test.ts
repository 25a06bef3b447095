import { describe, expect, it } from 'vitest';
import { formatMonth } from '../../lib/format';
import { parseDollars } from './components/avg-job-value-setting';
import {
  formatMoney,
  formatReturn,
  roiParamsForSelection,
  roiSelectionFromParams,
} from './roi-format';

const TODAY = '2025-06-15';

describe('ROI range in the address', () => {
  it('defaults to the last 12 months, and falls back to them on anything wrong', () => {
    for (const query of ['', 'range=bogus', 'range=custom&from=2025-06-10&to=2025-06-01']) {
      const selection = roiSelectionFromParams(new URLSearchParams(query), TODAY);
      expect(selection.preset, query).toBe('custom');
      expect(selection.range, query).toEqual({ from: '2024-07-01', to: TODAY });
    }
  });

  it('reads presets and custom ranges as the other report pages write them', () => {
    expect(roiSelectionFromParams(new URLSearchParams('range=90_days'), TODAY).range).toEqual({
      from: '2025-03-18',
      to: TODAY,
    });
    expect(
      roiSelectionFromParams(
        new URLSearchParams('range=custom&from=2025-01-01&to=2025-03-31'),
        TODAY,
      ).range,
    ).toEqual({ from: '2025-01-01', to: '2025-03-31' });
  });

  it('writes every preset out, the 90 days included (they are not ROI’s default)', () => {
    expect(roiParamsForSelection('90_days').toString()).toBe('range=90_days');
    expect(
      roiParamsForSelection('custom', { from: '2025-01-01', to: '2025-02-01' }).toString(),
    ).toBe('range=custom&from=2025-01-01&to=2025-02-01');
  });
});

describe('ROI formats', () => {
  it('show nothing to stand on as a dash, never 0 or Infinity', () => {
    expect(formatMoney(null)).toBe('—');
    expect(formatReturn(null)).toBe('—');
    expect(formatReturn(2.5)).toBe('2.50×');
    expect(formatMoney(12_345)).toBe('$123');
    expect(formatMoney(4_250)).toBe('$42.50');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(12_345_600)).toBe('$123,456');
    expect(formatMonth('2025-03', 'short')).toBe('Mar 2025');
  });

  it('read dollars as typed into cents, with a message for what cannot be', () => {
    expect(parseDollars('450')).toEqual({ cents: 45_000 });
    expect(parseDollars(' $1,250.5 ')).toEqual({ cents: 125_050 });
    expect(parseDollars('0')).toEqual({ cents: 0 });
    expect(parseDollars('')).toEqual({ error: 'Enter the average job value in dollars.' });
    expect(parseDollars('-5')).toHaveProperty('error');
    expect(parseDollars('12.345')).toHaveProperty('error');
    expect(parseDollars('abc')).toHaveProperty('error');
    expect(parseDollars('1000000.01')).toEqual({
      error: 'The average job value can be at most $1,000,000.',
    });
  });
});
