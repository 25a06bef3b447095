/**
 * Graph's Marketing API writes every insights number as a string (`"spend":"12.34"`,
 * `"impressions":"1043"`). These read them exactly: money never goes through a float.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A decimal amount in the account currency ("12.34", "0.5", "7", "3.456") as integer cents.
 * Digits past the second decimal are rounded half away from zero (Graph gives two for USD;
 * the rule only matters for a vendor answer with more). Null when it is not a plain decimal.
 */
export function decimalToCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(3, '0');
  let cents = Number(whole) * 100 + Number(fraction.slice(0, 2));
  // Half away from zero on the third decimal (amounts are never negative here).
  if (Number(fraction[2]) >= 5) cents += 1;
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A whole count as a string ("1043"); 0 when absent; null when not a whole number. */
export function countOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return 0;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The action types that are leads. `lead` is Meta's total of leads (on-Facebook lead forms
 * and pixel leads on the website); `onsite_conversion.lead_grouped` is the on-Facebook part
 * alone. They overlap, so we never add them: `lead` when the row has it, otherwise the
 * grouped on-Facebook figure.
 */
export const LEAD_ACTION_TYPES = ['lead', 'onsite_conversion.lead_grouped'] as const;

export function leadsOf(
  actions: readonly { action_type: string; value: string | number }[] | undefined,
): number {
  if (!actions) return 0;
  for (const type of LEAD_ACTION_TYPES) {
    const found = actions.find((a) => a.action_type === type);
    if (found) return countOf(found.value) ?? 0;
  }
  return 0;
}
