import { ACTIVITY_TYPE_LABELS, type ActivityType, activityTypeSchema } from '@pinpoint/contracts';

/** The label of a type; one this version does not know reads as its own words. */
export function activityLabel(type: string): string {
  const known = activityTypeSchema.safeParse(type);
  if (known.success) return ACTIVITY_TYPE_LABELS[known.data];
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The `?type=` of the activity page, or null for all types (anything unknown included). */
export function parseActivityType(value: string | null): ActivityType | null {
  const parsed = activityTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
