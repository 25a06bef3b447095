import { type CsvCell, type Scan, toCsv } from '@pinpoint/contracts';
import { gridPlace } from './rank-bands';

export const SCAN_CSV_HEADER = [
  'index',
  'row',
  'col',
  'lat',
  'lng',
  'state',
  'rank',
  'top result',
] as const;

/** One row per point of the scan (switched-off ones too, state "off"), in index order. */
export function scanCsv(scan: Pick<Scan, 'size' | 'shape' | 'points'>): string {
  const rows = [...scan.points]
    .sort((a, b) => a.index - b.index)
    .map((point): CsvCell[] => {
      const place = scan.shape === 'square' ? gridPlace(point.index, scan.size) : null;
      return [
        point.index,
        place?.row ?? null,
        place?.col ?? null,
        Number(point.lat.toFixed(6)),
        Number(point.lng.toFixed(6)),
        point.enabled ? point.state : 'off',
        point.rank,
        // A business name from the search results: the shared writer defuses formulas.
        point.results[0]?.name ?? null,
      ];
    });
  return toCsv(SCAN_CSV_HEADER, rows);
}

/** `rank-grid-<keyword>-<YYYY-MM-DD>.<ext>`, the keyword reduced to safe file-name characters. */
export function exportFileName(keyword: string, createdAt: string, ext: 'png' | 'csv'): string {
  const slug =
    keyword
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'scan';
  return `rank-grid-${slug}-${createdAt.slice(0, 10)}.${ext}`;
}

/** Hands a blob to the browser as a download (an `<a download>` clicked once). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
