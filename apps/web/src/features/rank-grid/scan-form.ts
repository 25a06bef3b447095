import {
  buildGrid,
  type DistanceUnit,
  type GridCentre,
  type GridPoint,
  type ScanRequestInput,
  scanRequestSchema,
} from '@pinpoint/contracts';

/** The live form's values as typed (numbers stay text until checked). */
export interface ScanFormValues {
  keyword: string;
  size: number;
  radius: string;
  unit: DistanceUnit;
  centre: GridCentre | null;
}

export type ScanFormField = 'keyword' | 'size' | 'radius' | 'unit' | 'centre' | 'form';

/** Field name of an issue path: `centre.lat` and `centre` are both the centre field. */
export function fieldOf(path: string): ScanFormField {
  const head = path.replace(/^body\./, '').split('.')[0];
  return head === 'keyword' ||
    head === 'size' ||
    head === 'radius' ||
    head === 'unit' ||
    head === 'centre'
    ? head
    : 'form';
}

/**
 * Checks the form with the contracts' own `scanRequestSchema` (so the messages are the
 * server's) and answers the request to send, or the first problem of each field.
 */
export function checkScanForm(
  values: ScanFormValues,
  companyId: number,
): { request: ScanRequestInput } | { errors: Partial<Record<ScanFormField, string>> } {
  const radius = values.radius.trim() === '' ? Number.NaN : Number(values.radius);
  const input: ScanRequestInput = {
    companyId,
    keyword: values.keyword,
    size: values.size,
    radius,
    unit: values.unit,
    shape: 'square',
    disabledPoints: [],
    ...(values.centre && { centre: values.centre }),
  };
  const parsed = scanRequestSchema.safeParse(input);
  if (parsed.success) return { request: input };
  const errors: Partial<Record<ScanFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path.join('.'));
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The grid the form would scan, for the map's preview; null while the settings are invalid. */
export function previewGrid(values: ScanFormValues): GridPoint[] | null {
  if (!values.centre) return null;
  try {
    return buildGrid({
      size: values.size,
      radius: Number(values.radius),
      unit: values.unit,
      centre: values.centre,
    }).points;
  } catch {
    return null;
  }
}
