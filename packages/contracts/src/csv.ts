/**
 * The one CSV writer (the grid report download on the server, the scan export in the
 * browser). RFC 4180, small enough to keep here rather than ship a library to the browser:
 * fields with a comma, quote, CR or LF are quoted, quotes are doubled, records end with CRLF. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) gets a leading apostrophe (OWASP "CSV injection"); numbers are written as numbers.
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return csvRecord(header) + rows.map(csvRecord).join('');
}
