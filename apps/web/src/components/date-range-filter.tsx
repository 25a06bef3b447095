import {
  checkRange,
  DATE_RANGE_PRESET_LABELS,
  DATE_RANGE_PRESETS,
  type DateRangePreset,
  type DayRange,
  EARLIEST_DAY,
  formatRange,
  type RangeField,
} from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { RangeSelection } from '../lib/range-selection';

/**
 * The overview's date filter (SPEC §4): a preset, or a custom from/to checked as typed
 * (real days, from ≤ to, not in the future, at most two years). Below it, the range and
 * the comparison range in MM/dd/yyyy (SPEC §5).
 */
export function DateRangeFilter({
  selection,
  today,
  onChange,
  compare = true,
}: {
  selection: RangeSelection;
  today: string;
  onChange: (preset: DateRangePreset, custom?: DayRange) => void;
  /** Name the comparison range below the range (false: a report without one, as ROI). */
  compare?: boolean;
}) {
  const id = useId();
  const [editingCustom, setEditingCustom] = useState(selection.preset === 'custom');
  const [from, setFrom] = useState(selection.range.from);
  const [to, setTo] = useState(selection.range.to);
  const [errors, setErrors] = useState<Partial<Record<RangeField, string>>>({});
  const shownPreset: DateRangePreset = editingCustom ? 'custom' : selection.preset;

  const choosePreset = (preset: DateRangePreset) => {
    setErrors({});
    if (preset === 'custom') {
      // Start from the range on screen, so a small change is a small edit.
      setFrom(selection.range.from);
      setTo(selection.range.to);
      setEditingCustom(true);
      return;
    }
    setEditingCustom(false);
    onChange(preset);
  };

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const check = checkRange(from, to, today);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    onChange('custom', check.range);
  };

  const field = (name: RangeField, label: string, value: string, set: (v: string) => void) => (
    <Form.Group controlId={`${id}-${name}`} className="flex-grow-1" style={{ minWidth: 150 }}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        type="date"
        value={value}
        min={EARLIEST_DAY}
        max={today}
        required
        isInvalid={Boolean(errors[name])}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
      <Form.Control.Feedback type="invalid" id={`${id}-${name}-error`}>
        {errors[name]}
      </Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <div className="mb-4">
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId={`${id}-preset`} style={{ minWidth: 220 }}>
          <Form.Label className="small mb-1">Date range</Form.Label>
          <Form.Select
            value={shownPreset}
            onChange={(e) => choosePreset(e.target.value as DateRangePreset)}
          >
            {DATE_RANGE_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {DATE_RANGE_PRESET_LABELS[preset]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {editingCustom && (
          <Form
            noValidate
            onSubmit={applyCustom}
            aria-label="Custom date range"
            className="d-flex flex-wrap align-items-start gap-2 flex-grow-1"
          >
            {field('from', 'From', from, setFrom)}
            {field('to', 'To', to, setTo)}
            <Button type="submit" className="align-self-start" style={{ marginTop: '1.6rem' }}>
              Apply
            </Button>
          </Form>
        )}
      </div>
      <p className="small text-body-secondary mt-2 mb-0" data-testid="overview-range">
        Showing <strong className="text-body">{formatRange(selection.range)}</strong>
        {compare && (
          <>
            , compared with{' '}
            <span data-testid="overview-previous-range">{formatRange(selection.previous)}</span>
          </>
        )}
      </p>
    </div>
  );
}
