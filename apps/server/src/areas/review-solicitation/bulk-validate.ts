import {
  type BulkMapping,
  type BulkRowState,
  type SendType,
  SOLICITATION_REPEAT_DAYS,
  solicitationContactSchema,
} from '@pinpoint/contracts';

/** A stored row as validation reads it. */
export interface RawRow {
  id: number;
  line: number;
  raw: Record<string, string>;
}

/** The contact a valid row becomes (E.164 phone, lower-cased email). */
export interface BulkContact {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  /** The recipient's zone, when the file has one; else the company's applies. */
  timeZone: string | null;
}

export interface CheckedRow {
  id: number;
  line: number;
  state: BulkRowState;
  problems: string[];
  contact: BulkContact | null;
}

const zoneCache = new Map<string, boolean>();
function isTimeZone(zone: string): boolean {
  let known = zoneCache.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (zoneCache.size < 1_000) zoneCache.set(zone, known);
  }
  return known;
}

const cell = (row: RawRow, header: string | null) => (header ? (row.raw[header] ?? '') : '');

/**
 * Checks one row against the form's rules (solicitationContactSchema: phone to E.164, email,
 * name) and what the send type needs. A bad value on a channel the send type does not use
 * is dropped rather than refused: an SMS batch is not held back by a mistyped email.
 */
export function checkRow(row: RawRow, mapping: BulkMapping, sendType: SendType): CheckedRow {
  const values = {
    firstName: cell(row, mapping.firstName),
    lastName: cell(row, mapping.lastName),
    phone: cell(row, mapping.phone),
    email: cell(row, mapping.email),
  };
  const usesSms = sendType !== 'email';
  const usesEmail = sendType !== 'sms';
  const problems: string[] = [];
  const parsed = solicitationContactSchema.safeParse(values);
  const bad = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
  if (bad.has('firstName')) {
    problems.push(
      values.firstName.trim()
        ? 'The first name is longer than 100 characters.'
        : 'The first name is missing.',
    );
  }
  if (bad.has('lastName')) problems.push('The last name is longer than 100 characters.');
  if (bad.has('phone') && usesSms) {
    problems.push(`"${values.phone.trim().slice(0, 40)}" is not a valid phone number.`);
  }
  if (bad.has('email') && usesEmail) {
    problems.push(`"${values.email.trim().slice(0, 80)}" is not a valid email.`);
  }
  const phone = parsed.success ? parsed.data.phone : null;
  const email = parsed.success ? parsed.data.email : null;
  if (usesSms && !values.phone.trim()) problems.push('No phone number, which an SMS needs.');
  if (usesEmail && !values.email.trim()) problems.push('No email, which an email needs.');
  const zone = cell(row, mapping.timeZone).trim();
  if (zone && !isTimeZone(zone)) {
    problems.push(`"${zone.slice(0, 40)}" is not a time zone (use one like America/Chicago).`);
  }
  if (problems.length > 0) {
    return { id: row.id, line: row.line, state: 'invalid', problems, contact: null };
  }
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  // Only the channels in use are kept when a value on the other one is broken.
  const contact: BulkContact = {
    firstName,
    lastName,
    phone: bad.has('phone') ? null : (phone ?? null),
    email: bad.has('email') ? null : (email ?? null),
    timeZone: zone || null,
  };
  if (!parsed.success) {
    // The only issues left are on the unused channel; keep the rest of the contact.
    const retry = solicitationContactSchema.safeParse({
      ...values,
      phone: bad.has('phone') ? '' : values.phone,
      email: bad.has('email') ? '' : values.email,
    });
    if (retry.success) {
      contact.phone = retry.data.phone;
      contact.email = retry.data.email;
    }
  }
  return { id: row.id, line: row.line, state: 'ok', problems: [], contact };
}

/** Every address of a contact that could carry an opt-out or a past request. */
export function addressesOf(contact: BulkContact): string[] {
  return [contact.phone, contact.email].filter((a): a is string => Boolean(a));
}

/** What the database knows about the file's addresses (queried once for the batch). */
export interface BulkLookups {
  /** Addresses (E.164 or lower-cased email) opted out for this company or all. */
  optedOut: Set<string>;
  /** Address → when the contact it belongs to was last asked (within the 30 days). */
  askedAt: Map<string, Date>;
  /** Address → the other addresses of the stored contact it belongs to. */
  related: Map<string, string[]>;
}

const day = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(at);

/**
 * Flags, in file order: a later line with the same phone or email as an earlier row
 * (naming that line), contacts who opted out on any channel, and contacts asked in the
 * last 30 days. Invalid rows are left as they are and never count as the first of a pair.
 */
export function classifyRows(
  rows: CheckedRow[],
  sendType: SendType,
  lookups: BulkLookups,
  timeZone: string,
): CheckedRow[] {
  const firstLine = new Map<string, number>();
  return rows.map((row) => {
    if (row.state === 'invalid' || !row.contact) return row;
    const contact = row.contact;
    const keys: Array<[string, string]> = [];
    if (sendType !== 'email' && contact.phone) keys.push(['phone', contact.phone]);
    if (sendType !== 'sms' && contact.email) keys.push(['email', contact.email]);
    for (const [kind, address] of keys) {
      const earlier = firstLine.get(address);
      if (earlier !== undefined) {
        return { ...row, state: 'duplicate', problems: [`Same ${kind} as line ${earlier}.`] };
      }
    }
    for (const [, address] of keys) firstLine.set(address, row.line);
    const own = addressesOf(contact);
    const all = new Set(own.concat(own.flatMap((a) => lookups.related.get(a) ?? [])));
    const opted = [...all].find((a) => lookups.optedOut.has(a));
    if (opted) {
      return { ...row, state: 'opted-out', problems: [`${opted} opted out of messages.`] };
    }
    const asked = [...all]
      .map((a) => lookups.askedAt.get(a))
      .filter((at): at is Date => at !== undefined)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (asked) {
      return {
        ...row,
        state: 'recent',
        problems: [
          `Asked on ${day(asked, timeZone)}; at most one request per ${SOLICITATION_REPEAT_DAYS} days.`,
        ],
      };
    }
    return row;
  });
}
