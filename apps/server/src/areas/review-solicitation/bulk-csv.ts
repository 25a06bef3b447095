import { BULK_MAX_ROWS, type BulkMapping } from '@pinpoint/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import { badRequest } from '../../kernel/lib/app-error';

/** One record of the file: the physical line it starts on (header = line 1) and its cells. */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface ParsedCsv {
  headers: string[];
  rows: CsvRow[];
}

const fileProblem = (message: string) => badRequest(message, [{ path: 'body.csv', message }]);

/** Spreadsheets and documents saved under a .csv name: refused with what to do instead. */
function binaryKind(text: string): string | null {
  if (text.startsWith('PK\u0003\u0004')) return 'an Excel workbook (or another zip file)';
  if (text.startsWith('%PDF')) return 'a PDF';
  if (text.startsWith('{\\rtf')) return 'a rich-text document';
  if (text.includes('\u0000')) return 'a binary file';
  return null;
}

/** The delimiter the header line uses most: comma, semicolon (European Excel) or tab. */
function delimiterOf(firstLine: string): string {
  const candidates = [',', ';', '\t'];
  let best = ',';
  let bestCount = 0;
  for (const candidate of candidates) {
    const count = firstLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/** Blank and repeated header names get a name of their own, so every column can be chosen. */
function uniqueHeaders(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, index) => {
    const name = cell.trim() || `Column ${index + 1}`;
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    return times === 1 ? name : `${name} (${times})`;
  });
}

const QUOTE_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is not closed (a " is missing)',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted field is followed by other characters',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted field is followed by other characters',
};

/**
 * Reads a CSV (RFC 4180, with csv-parse) into its header and rows, keeping the line each
 * row starts on even when a quoted field spans lines. Blank lines are skipped; rows with
 * fewer or more cells than the header are kept (validation names what is missing).
 */
export function parseCsv(input: string): ParsedCsv {
  const kind = binaryKind(input);
  if (kind) {
    throw fileProblem(
      `This looks like ${kind}, not a CSV file. Save it as "CSV (comma-separated)" and upload that.`,
    );
  }
  // One line ending everywhere, so the parser's line count is the editor's.
  const text = input.replace(/\r\n?/g, '\n');
  const firstLine = text.replace(/^\uFEFF/, '').split('\n', 1)[0] ?? '';
  let records: Array<{ record: string[]; info: { lines: number }; raw: string }>;
  try {
    // With `info` and `raw` each record comes wrapped; csv-parse's types do not say so.
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(firstLine),
      info: true,
      raw: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      const what = QUOTE_MESSAGES[error.code] ?? error.message;
      throw fileProblem(`The file could not be read${line ? ` at line ${line}` : ''}: ${what}.`);
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw fileProblem('The file is empty.');
  if (body.length === 0) throw fileProblem('The file has a header row but no customers.');
  if (body.length > BULK_MAX_ROWS) {
    throw fileProblem(
      `The file has ${body.length.toLocaleString('en-US')} customers; upload at most ${BULK_MAX_ROWS.toLocaleString('en-US')} at a time.`,
    );
  }
  return {
    headers: uniqueHeaders(header.record),
    rows: body.map(({ record, info, raw }) => ({
      line: startLine(info.lines, raw),
      cells: record,
    })),
  };
}

/**
 * `info.lines` is the line a record ends on; its raw text (after the blank lines skipped
 * before it, without its own line ending) has one newline per extra line it spans.
 */
function startLine(endLine: number, raw: string): number {
  const own = raw.replace(/^\n+/, '').replace(/\n$/, '');
  let newlines = 0;
  for (let i = own.indexOf('\n'); i !== -1; i = own.indexOf('\n', i + 1)) newlines++;
  return endLine - newlines;
}

/** A header as compared: lower case, letters and digits only ("E-mail Address" → "emailaddress"). */
const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const GUESSES: Record<keyof BulkMapping, Array<(h: string) => boolean>> = {
  firstName: [
    (h) => ['firstname', 'first', 'fname', 'givenname', 'forename'].includes(h),
    (h) => h.includes('firstname'),
    (h) =>
      ['name', 'fullname', 'customername', 'customer', 'contactname', 'clientname'].includes(h),
  ],
  lastName: [
    (h) => ['lastname', 'last', 'lname', 'surname', 'familyname'].includes(h),
    (h) => h.includes('lastname') || h.includes('surname'),
  ],
  phone: [
    (h) => ['phone', 'mobile', 'cell', 'phonenumber', 'mobilephone', 'cellphone'].includes(h),
    (h) => h.includes('mobile') || h.includes('cell'),
    (h) => h.includes('phone') || h === 'tel' || h === 'telephone',
  ],
  email: [(h) => ['email', 'emailaddress', 'mail'].includes(h), (h) => h.includes('email')],
  timeZone: [(h) => ['timezone', 'tz', 'zone', 'timezoneid'].includes(h)],
};

/** The mapping guessed from the header names; the client checks and changes it. */
export function guessMapping(headers: string[]): BulkMapping {
  const taken = new Set<string>();
  const pick = (field: keyof BulkMapping): string | null => {
    for (const test of GUESSES[field]) {
      const found = headers.find((header) => !taken.has(header) && test(squash(header)));
      if (found) {
        taken.add(found);
        return found;
      }
    }
    return null;
  };
  // Last name before first name, so "Last Name" is never taken as a name column.
  const lastName = pick('lastName');
  const named = pick('firstName');
  const phone = pick('phone');
  const email = pick('email');
  const timeZone = pick('timeZone');
  const firstName = named ?? headers.find((h) => !taken.has(h)) ?? headers[0] ?? '';
  return { firstName, lastName, phone, email, timeZone };
}
