/**
 * Google Ads money is in micros (a millionth of the currency unit, int64 as a JSON string);
 * we store integer cents. One cent is 10,000 micros; a remainder of exactly half rounds
 * away from zero (5,000 micros → 1 cent, −5,000 → −1), the rounding of DECISIONS.md's
 * money rule. BigInt keeps amounts beyond 2^53 micros exact.
 */
export function microsToCents(micros: string | number | bigint | null | undefined): number {
  if (micros === null || micros === undefined || micros === '') return 0;
  const value = BigInt(typeof micros === 'number' ? Math.trunc(micros) : micros);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  let cents = magnitude / 10_000n;
  if ((magnitude % 10_000n) * 2n >= 10_000n) cents += 1n;
  return Number(negative ? -cents : cents);
}
