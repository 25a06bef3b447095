import {
  AD_SPEC_DAY_NAMES,
  AD_SPEC_DAYS,
  type AdSpec,
  type AdSpecField,
  formatPhone,
} from '@pinpoint/contracts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatArea(area: AdSpec['serviceArea']): string {
  return area.kind === 'places'
    ? area.places.join(', ')
    : `${area.radiusMiles} miles around ${area.center}`;
}

export function formatSchedule(schedule: AdSpec['schedule']): string {
  const days = AD_SPEC_DAYS.filter((d) => schedule.days.includes(d)).map(
    (d) => AD_SPEC_DAY_NAMES[d],
  );
  return `${days.join(', ')}, ${schedule.startTime}–${schedule.endTime}`;
}

/** A history value as people read it; values are stored as the API gave them. */
export function formatFieldValue(field: AdSpecField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  try {
    switch (field) {
      case 'monthlyBudgetCents':
        return money.format(Number(value) / 100);
      case 'serviceArea':
        return formatArea(value as AdSpec['serviceArea']);
      case 'schedule':
        return formatSchedule(value as AdSpec['schedule']);
      case 'callTrackingNumber':
        return formatPhone(String(value));
      case 'services':
      case 'landingPages':
        return (value as string[]).join(', ') || '(none)';
      default:
        return String(value);
    }
  } catch {
    return JSON.stringify(value);
  }
}

export const formatBudget = (cents: number) => money.format(cents / 100);
