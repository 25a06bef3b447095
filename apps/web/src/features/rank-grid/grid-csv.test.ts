import type { ScanPoint } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { csvField, exportFileName, SCAN_CSV_HEADER, scanCsv, toCsv } from './grid-csv';

const point = (index: number, patch: Partial<ScanPoint> = {}): ScanPoint => ({
  index,
  lat: 30.1 + index / 100,
  lng: -97.7,
  enabled: true,
  state: 'found',
  rank: 2,
  results: [{ placeId: 'p1', name: 'Top, "Best" Plumbing' }],
  attempts: 1,
  fetchedAt: null,
  ...patch,
});

describe('CSV (RFC 4180)', () => {
  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(
      toCsv([
        ['a', 1],
        ['b', null],
      ]),
    ).toBe('a,1\r\nb,\r\n');
  });

  it('writes one row per point with row, column, state, rank and top result', () => {
    const csv = scanCsv({
      size: 3,
      shape: 'square',
      points: [
        point(4, { state: 'not_found', rank: null }),
        point(0),
        point(8, { enabled: false, state: 'unmeasured', rank: null, results: [] }),
      ],
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(SCAN_CSV_HEADER.join(','));
    expect(lines[1]).toBe('0,0,0,30.100000,-97.700000,found,2,"Top, ""Best"" Plumbing"');
    expect(lines[2]).toBe('4,1,1,30.140000,-97.700000,not_found,,"Top, ""Best"" Plumbing"');
    expect(lines[3]).toBe('8,2,2,30.180000,-97.700000,off,,');
  });

  it('names files after the keyword and the day', () => {
    expect(exportFileName('Plumber near me!', '2026-03-04T10:00:00Z', 'png')).toBe(
      'rank-grid-plumber-near-me-2026-03-04.png',
    );
    expect(exportFileName('***', '2026-03-04T10:00:00Z', 'csv')).toBe(
      'rank-grid-scan-2026-03-04.csv',
    );
  });
});
