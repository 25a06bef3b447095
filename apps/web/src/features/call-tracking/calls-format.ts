/** "+15125550147" → "(512) 555-0147"; other numbers as given; null → "Withheld". */
export function formatPhone(e164: string | null): string {
  if (!e164) return 'Withheld';
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}

/** A share as a whole percent: 3 of 20 → "15%"; nothing to divide → "—". */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—';
}

/** One colour per source, in the summary's order (most calls first); colour-blind safe. */
export const SOURCE_COLOURS = [
  '#0d6efd',
  '#b58100',
  '#198754',
  '#d63384',
  '#6f42c1',
  '#20c997',
  '#6c757d',
];
