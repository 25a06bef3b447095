import {
  checkRange,
  type DateRangePreset,
  type DayRange,
  dateRangePresetSchema,
  formatRoiMoney,
  presetRange,
  previousPeriod,
  roiDefaultRange,
} from '@pinpoint/contracts';

/** Whole dollars from $100 up (cents below, where they still matter); "—" for a figure that has nothing to stand on. */
export const formatMoney = (cents: number | null) =>
  cents === null ? '—' : formatRoiMoney(cents, { whole: cents === 0 || Math.abs(cents) >= 10_000 });
export const formatReturn = (ratio: number | null) =>
  ratio === null ? '—' : `${ratio.toFixed(2)}×`;
/** The page's range as the address keeps it; the same shape as the overview's range filter. */
export interface RoiRangeSelection {
  preset: DateRangePreset;
  range: DayRange;
  previous: DayRange;
}

/**
 * ROI's range from the query string: `?range=<preset>` or `?range=custom&from&to` as the
 * other report pages write it. Without one, the last 12 months (ROI reads by month, so a
 * year is its natural view), shown as a custom range. Anything wrong means that default.
 */
export function roiSelectionFromParams(params: URLSearchParams, today: string): RoiRangeSelection {
  const fallback = (): RoiRangeSelection => {
    const range = roiDefaultRange(today);
    return { preset: 'custom', range, previous: previousPeriod(range) };
  };
  const parsed = dateRangePresetSchema.safeParse(params.get('range'));
  if (!parsed.success) return fallback();
  if (parsed.data === 'custom') {
    const check = checkRange(params.get('from') ?? '', params.get('to') ?? '', today);
    return check.ok
      ? { preset: 'custom', range: check.range, previous: previousPeriod(check.range) }
      : fallback();
  }
  const range = presetRange(parsed.data, today);
  return { preset: parsed.data, range, previous: previousPeriod(range) };
}

/** The query string for a choice: every preset is written out (no preset is ROI's default). */
export function roiParamsForSelection(preset: DateRangePreset, custom?: DayRange): URLSearchParams {
  const params = new URLSearchParams({ range: preset });
  if (preset === 'custom' && custom) {
    params.set('from', custom.from);
    params.set('to', custom.to);
  }
  return params;
}
