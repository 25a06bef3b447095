import { formatPhone } from '@pinpoint/contracts';

/** "450" or "450.50" → cents; empty → null; anything else → undefined (not a value). */
export function parseDollars(text: string): number | null | undefined {
  const clean = text.replace(/[$,\s]/g, '');
  if (!clean) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return undefined;
  return Math.round(Number(clean) * 100);
}

export const formatLeadPhone = (e164: string | null) => (e164 ? formatPhone(e164) : '');
