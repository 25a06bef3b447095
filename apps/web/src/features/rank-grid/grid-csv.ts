import type { Scan } from '@pinpoint/contracts';
import { gridPlace } from './rank-bands';

/** One CSV field per RFC 4180: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined by CRLF (RFC 4180), ending with one. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows
    .map((row) => row.map(csvField).join(','))
    .join('\r\n')
    .concat('\r\n');
}

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
    .map((point) => {
      const place = scan.shape === 'square' ? gridPlace(point.index, scan.size) : null;
      return [
        point.index,
        place?.row ?? '',
        place?.col ?? '',
        point.lat.toFixed(6),
        point.lng.toFixed(6),
        point.enabled ? point.state : 'off',
        point.rank,
        point.results[0]?.name ?? '',
      ];
    });
  return toCsv([SCAN_CSV_HEADER, ...rows]);
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
