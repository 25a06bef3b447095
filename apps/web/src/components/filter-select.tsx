import type { CSSProperties } from 'react';
import Form from 'react-bootstrap/Form';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A list filter: a labelled dropdown whose first choice is "All …" (no filter). Every list
 * page filters the same way, so the choice reads the same on every screen, the label is tied
 * to the control for screen readers, and "all" reaches the page as `null`, never as "".
 */
export function FilterSelect<T extends string>(props: {
  /** The control's id (the label points at it). */
  id: string;
  label: string;
  /** The no-filter choice, e.g. "All sources". */
  allLabel: string;
  /** The chosen value, or null for all. */
  value: T | null | undefined;
  options: readonly FilterOption<T>[];
  /** The chosen option's value, or null when "All …" is chosen. */
  onChange: (value: T | null) => void;
  /** "sm" when left out; `size={undefined}` gives the regular size. */
  size?: 'sm' | 'lg' | undefined;
  /** Classes of the wrapper (label and control), e.g. a margin. */
  className?: string;
  /** Classes of the label; "visually-hidden" where the row shows no labels. */
  labelClassName?: string;
  style?: CSSProperties;
  testId?: string;
}) {
  const { id, label, allLabel, value, options, onChange, className, style, testId } = props;
  const labelClassName = props.labelClassName ?? 'small mb-1';
  // A default in the destructuring would also replace an explicit `size={undefined}`.
  const size = 'size' in props ? props.size : 'sm';
  const byValue = new Map(options.map((o) => [o.value as string, o.value]));
  return (
    <Form.Group controlId={id} className={className} style={style}>
      <Form.Label className={labelClassName}>{label}</Form.Label>
      <Form.Select
        size={size}
        value={value ?? ''}
        data-testid={testId}
        onChange={(e) => onChange(byValue.get(e.target.value) ?? null)}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** Options from a list of values and their labels: `optionsOf(CALL_STATUSES, CALL_STATUS_LABELS)`. */
export function optionsOf<T extends string>(
  values: readonly T[],
  labels?: Readonly<Record<T, string>> | ((value: T) => string),
): FilterOption<T>[] {
  return values.map((value) => ({
    value,
    label:
      labels === undefined ? value : typeof labels === 'function' ? labels(value) : labels[value],
  }));
}
