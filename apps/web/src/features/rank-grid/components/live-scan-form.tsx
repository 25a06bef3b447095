import {
  DISTANCE_UNIT_LABELS,
  DISTANCE_UNITS,
  GRID_SIZES,
  type ScanQuota,
} from '@pinpoint/contracts';
import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { ScanFormField, ScanFormValues } from '../scan-form';
import { PlaceSearch } from './place-search';

export interface LiveScanFormProps {
  values: ScanFormValues;
  onChange: (values: ScanFormValues) => void;
  errors: Partial<Record<ScanFormField, string>>;
  quota: ScanQuota | undefined;
  /** Enabled points of the grid the form describes (null while it is invalid). */
  pointCount: number | null;
  busy: boolean;
  onSubmit: () => void;
}

/** Keyword, grid size, radius and unit, and the centre (town search or coordinates). */
export function LiveScanForm({
  values,
  onChange,
  errors,
  quota,
  pointCount,
  busy,
  onSubmit,
}: LiveScanFormProps) {
  const set = (patch: Partial<ScanFormValues>) => onChange({ ...values, ...patch });
  const sizes = GRID_SIZES.filter((size) => !quota || size <= quota.maxGridSize);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const setCoordinate = (key: 'lat' | 'lng', text: string) => {
    const value = Number(text);
    const base = values.centre ?? { lat: 0, lng: 0 };
    set({ centre: { ...base, [key]: text.trim() === '' ? Number.NaN : value } });
  };
  const coordinate = (value: number | undefined) =>
    value === undefined || Number.isNaN(value) ? '' : String(value);

  return (
    <Form noValidate onSubmit={submit} aria-label="New rank grid scan">
      <Form.Group className="mb-3" controlId="scan-keyword">
        <Form.Label>Keyword</Form.Label>
        <Form.Control
          value={values.keyword}
          onChange={(event) => set({ keyword: event.target.value })}
          isInvalid={Boolean(errors.keyword)}
          placeholder="e.g. plumber near me"
          maxLength={120}
          aria-invalid={Boolean(errors.keyword)}
        />
        <Form.Control.Feedback type="invalid">{errors.keyword}</Form.Control.Feedback>
      </Form.Group>
      <div className="row g-2 mb-3">
        <Form.Group className="col-12 col-sm-4" controlId="scan-size">
          <Form.Label>Grid size</Form.Label>
          <Form.Select
            value={values.size}
            onChange={(event) => set({ size: Number(event.target.value) })}
            isInvalid={Boolean(errors.size)}
            aria-invalid={Boolean(errors.size)}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}×{size} ({size * size} points)
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.size}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-6 col-sm-4" controlId="scan-radius">
          <Form.Label>Radius</Form.Label>
          <Form.Control
            type="number"
            inputMode="decimal"
            min={0.1}
            max={100}
            step={0.1}
            value={values.radius}
            onChange={(event) => set({ radius: event.target.value })}
            isInvalid={Boolean(errors.radius)}
            aria-invalid={Boolean(errors.radius)}
          />
          <Form.Control.Feedback type="invalid">{errors.radius}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-6 col-sm-4" controlId="scan-unit">
          <Form.Label>Unit</Form.Label>
          <Form.Select
            value={values.unit}
            onChange={(event) => set({ unit: event.target.value as ScanFormValues['unit'] })}
            isInvalid={Boolean(errors.unit)}
          >
            {DISTANCE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {DISTANCE_UNIT_LABELS[unit]}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.unit}</Form.Control.Feedback>
        </Form.Group>
      </div>
      <fieldset className="mb-3">
        <legend className="fs-6 mb-1">Centre of the grid</legend>
        <p className="small text-body-secondary mb-2">
          Drag the centre marker on the map, find a town, or type the coordinates.
        </p>
        <PlaceSearch onChoose={(place) => set({ centre: { lat: place.lat, lng: place.lng } })} />
        <div className="row g-2 mt-1">
          <Form.Group className="col-6" controlId="scan-lat">
            <Form.Label>Latitude</Form.Label>
            <Form.Control
              type="number"
              inputMode="decimal"
              step="any"
              value={coordinate(values.centre?.lat)}
              onChange={(event) => setCoordinate('lat', event.target.value)}
              isInvalid={Boolean(errors.centre)}
              aria-invalid={Boolean(errors.centre)}
            />
          </Form.Group>
          <Form.Group className="col-6" controlId="scan-lng">
            <Form.Label>Longitude</Form.Label>
            <Form.Control
              type="number"
              inputMode="decimal"
              step="any"
              value={coordinate(values.centre?.lng)}
              onChange={(event) => setCoordinate('lng', event.target.value)}
              isInvalid={Boolean(errors.centre)}
              aria-invalid={Boolean(errors.centre)}
            />
          </Form.Group>
        </div>
        {errors.centre && (
          <div className="invalid-feedback d-block" role="alert">
            {errors.centre}
          </div>
        )}
      </fieldset>
      <Button type="submit" disabled={busy}>
        {busy ? 'Starting…' : `Start scan${pointCount ? ` (${pointCount} points)` : ''}`}
      </Button>
    </Form>
  );
}
