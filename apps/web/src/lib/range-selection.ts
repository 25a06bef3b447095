import {
  checkRange,
  type DateRangePreset,
  type DayRange,
  DEFAULT_DATE_RANGE_PRESET,
  dateRangePresetSchema,
  presetRange,
  previousPeriod,
} from '@pinpoint/contracts';

/** The overview's date filter as the address bar keeps it: `?range=30_days`, or custom days. */
export interface RangeSelection {
  preset: DateRangePreset;
  range: DayRange;
  /** The trend range: as many days, just before (SPEC §4). */
  previous: DayRange;
}

/**
 * Reads the filter from the page's query string. Anything missing or wrong (an unknown
 * preset, a custom range that is reversed, in the future or too long) means the default,
 * the last 90 days: a shared or stale address never breaks the page.
 */
export function selectionFromParams(params: URLSearchParams, today: string): RangeSelection {
  const parsed = dateRangePresetSchema.safeParse(params.get('range'));
  const preset = parsed.success ? parsed.data : DEFAULT_DATE_RANGE_PRESET;
  if (preset === 'custom') {
    const check = checkRange(params.get('from') ?? '', params.get('to') ?? '', today);
    if (check.ok) return { preset, range: check.range, previous: previousPeriod(check.range) };
    const range = presetRange(DEFAULT_DATE_RANGE_PRESET, today);
    return { preset: DEFAULT_DATE_RANGE_PRESET, range, previous: previousPeriod(range) };
  }
  const range = presetRange(preset, today);
  return { preset, range, previous: previousPeriod(range) };
}

/** The query string for a choice; the default adds nothing, so plain /overview stays plain. */
export function paramsForSelection(preset: DateRangePreset, custom?: DayRange): URLSearchParams {
  const params = new URLSearchParams();
  if (preset === 'custom' && custom) {
    params.set('range', 'custom');
    params.set('from', custom.from);
    params.set('to', custom.to);
  } else if (preset !== 'custom' && preset !== DEFAULT_DATE_RANGE_PRESET) {
    params.set('range', preset);
  }
  return params;
}
