import type { ScanPoint } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { exportFileName, SCAN_CSV_HEADER, scanCsv } from './grid-csv';

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

describe('the scan CSV', () => {
  it('writes one row per point with row, column, state, rank and top result', () => {
    const csv = scanCsv({
      size: 3,
      shape: 'square',
      points: [
        point(4, { state: 'not_found', rank: null }),
        point(0),
        point(8, { enabled: false, state: 'unmeasured', rank: null, results: [] }),
        point(2, { results: [{ placeId: 'p9', name: '=HYPERLINK("http://x")' }] }),
      ],
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(SCAN_CSV_HEADER.join(','));
    expect(lines[1]).toBe('0,0,0,30.1,-97.7,found,2,"Top, ""Best"" Plumbing"');
    // A result's name that a spreadsheet would run as a formula is written as text.
    expect(lines[2]).toBe('2,0,2,30.12,-97.7,found,2,"\'=HYPERLINK(""http://x"")"');
    expect(lines[3]).toBe('4,1,1,30.14,-97.7,not_found,,"Top, ""Best"" Plumbing"');
    expect(lines[4]).toBe('8,2,2,30.18,-97.7,off,,');
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
