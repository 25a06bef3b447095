import {
  AD_SPEC_DAY_NAMES,
  AD_SPEC_DAYS,
  type AdSpec,
  type AdSpecInput,
} from '@pinpoint/contracts';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { useSaveAdSpec } from '../api/save-ad-spec';

type Day = (typeof AD_SPEC_DAYS)[number];
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The first server message for a field or anything under it ("landingPages.0"). */
function errorFor(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}

/** Staff's edit form. The server checks everything and answers field by field. */
export function AdSpecForm({
  companyId,
  spec,
  onDone,
}: {
  companyId: number;
  spec: AdSpec | null;
  onDone: () => void;
}) {
  const save = useSaveAdSpec(companyId);
  const area = spec?.serviceArea;
  const [services, setServices] = useState(spec?.services.join('\n') ?? '');
  const [areaKind, setAreaKind] = useState<'places' | 'radius'>(area?.kind ?? 'places');
  const [places, setPlaces] = useState(area?.kind === 'places' ? area.places.join('\n') : '');
  const [center, setCenter] = useState(area?.kind === 'radius' ? area.center : '');
  const [radius, setRadius] = useState(area?.kind === 'radius' ? String(area.radiusMiles) : '15');
  const [budget, setBudget] = useState(spec ? String(spec.monthlyBudgetCents / 100) : '');
  const [days, setDays] = useState<Day[]>(
    spec?.schedule.days ?? ['mon', 'tue', 'wed', 'thu', 'fri'],
  );
  const [startTime, setStartTime] = useState(spec?.schedule.startTime ?? '08:00');
  const [endTime, setEndTime] = useState(spec?.schedule.endTime ?? '18:00');
  const [landingPages, setLandingPages] = useState(spec?.landingPages.join('\n') ?? '');
  const [phone, setPhone] = useState(spec?.callTrackingNumber ?? '');
  const [notes, setNotes] = useState(spec?.notes ?? '');
  const errors = save.error instanceof ApiError ? save.error.fieldErrors() : {};
  const stale = save.error instanceof ApiError && save.error.status === 409;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dollars = Number(budget);
    const input: AdSpecInput = {
      services: lines(services),
      serviceArea:
        areaKind === 'places'
          ? { kind: 'places', places: lines(places) }
          : { kind: 'radius', center, radiusMiles: Number(radius) },
      monthlyBudgetCents:
        budget.trim() === '' || !Number.isFinite(dollars) ? Number.NaN : Math.round(dollars * 100),
      schedule: { days, startTime, endTime },
      landingPages: lines(landingPages),
      callTrackingNumber: phone,
      notes,
      updatedAt: spec?.updatedAt ?? null,
    };
    save.mutate(input, { onSuccess: onDone });
  };

  const field = (name: string) => ({
    isInvalid: Boolean(errorFor(errors, name)),
    'aria-describedby': errorFor(errors, name) ? `ad-spec-${name}-error` : undefined,
  });
  const feedback = (name: string) => (
    <Form.Control.Feedback type="invalid" id={`ad-spec-${name}-error`}>
      {errorFor(errors, name)}
    </Form.Control.Feedback>
  );

  return (
    <Form onSubmit={submit} noValidate data-testid="ad-spec-form" className="mb-4">
      {stale && (
        <Alert variant="warning">
          {save.error?.message}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={onDone}>
            Reload the current version
          </Button>
        </Alert>
      )}
      {save.isError && !stale && Object.keys(errors).length > 0 && (
        <Alert variant="danger">Some fields need a look: see the messages below.</Alert>
      )}
      {save.isError && !stale && Object.keys(errors).length === 0 && (
        <Alert variant="danger">{save.error.message}</Alert>
      )}
      <Form.Group className="mb-3" controlId="ad-spec-services">
        <Form.Label>Services advertised (one per line)</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={services}
          onChange={(e) => setServices(e.target.value)}
          {...field('services')}
        />
        {feedback('services')}
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="fs-6">Service area</legend>
        <Form.Check
          inline
          type="radio"
          id="ad-spec-area-places"
          name="area"
          label="Cities or ZIP codes"
          checked={areaKind === 'places'}
          onChange={() => setAreaKind('places')}
        />
        <Form.Check
          inline
          type="radio"
          id="ad-spec-area-radius"
          name="area"
          label="Radius"
          checked={areaKind === 'radius'}
          onChange={() => setAreaKind('radius')}
        />
        {areaKind === 'places' ? (
          <Form.Group controlId="ad-spec-places" className="mt-2">
            <Form.Label>Cities or ZIP codes (one per line)</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={places}
              onChange={(e) => setPlaces(e.target.value)}
              {...field('serviceArea')}
            />
            {feedback('serviceArea')}
          </Form.Group>
        ) : (
          <div className="row g-2 mt-1">
            <Form.Group className="col-sm-8" controlId="ad-spec-center">
              <Form.Label>Centre (address or ZIP)</Form.Label>
              <Form.Control
                value={center}
                onChange={(e) => setCenter(e.target.value)}
                {...field('serviceArea.center')}
              />
              {feedback('serviceArea.center')}
            </Form.Group>
            <Form.Group className="col-sm-4" controlId="ad-spec-radius">
              <Form.Label>Radius (miles)</Form.Label>
              <Form.Control
                type="number"
                min={1}
                max={100}
                value={radius}
                onChange={(e) => setRadius(e.target.value)}
                {...field('serviceArea.radiusMiles')}
              />
              {feedback('serviceArea.radiusMiles')}
            </Form.Group>
          </div>
        )}
      </fieldset>
      <Form.Group className="mb-3" controlId="ad-spec-budget">
        <Form.Label>Monthly budget ($)</Form.Label>
        <Form.Control
          type="number"
          min={0}
          step="0.01"
          value={budget}
          onChange={(e) => setBudget(e.target.value)}
          {...field('monthlyBudgetCents')}
        />
        {feedback('monthlyBudgetCents')}
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="fs-6">Schedule</legend>
        {AD_SPEC_DAYS.map((day) => (
          <Form.Check
            inline
            key={day}
            id={`ad-spec-day-${day}`}
            label={AD_SPEC_DAY_NAMES[day]}
            checked={days.includes(day)}
            onChange={(e) =>
              setDays((current) =>
                e.target.checked ? [...current, day] : current.filter((d) => d !== day),
              )
            }
          />
        ))}
        {errorFor(errors, 'schedule.days') && (
          <p className="text-danger small mb-1">{errorFor(errors, 'schedule.days')}</p>
        )}
        <div className="row g-2 mt-1">
          <Form.Group className="col-sm-3" controlId="ad-spec-start">
            <Form.Label>From</Form.Label>
            <Form.Control
              type="time"
              value={startTime}
              onChange={(e) => setStartTime(e.target.value)}
              {...field('schedule.startTime')}
            />
            {feedback('schedule.startTime')}
          </Form.Group>
          <Form.Group className="col-sm-3" controlId="ad-spec-end">
            <Form.Label>To</Form.Label>
            <Form.Control
              type="time"
              value={endTime}
              onChange={(e) => setEndTime(e.target.value)}
              {...field('schedule.endTime')}
            />
            {feedback('schedule.endTime')}
          </Form.Group>
        </div>
      </fieldset>
      <Form.Group className="mb-3" controlId="ad-spec-landing">
        <Form.Label>Landing pages (one web address per line)</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={landingPages}
          onChange={(e) => setLandingPages(e.target.value)}
          {...field('landingPages')}
        />
        {feedback('landingPages')}
      </Form.Group>
      <Form.Group className="mb-3" controlId="ad-spec-phone">
        <Form.Label>Call tracking number</Form.Label>
        <Form.Control
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          {...field('callTrackingNumber')}
        />
        {feedback('callTrackingNumber')}
      </Form.Group>
      <Form.Group className="mb-3" controlId="ad-spec-notes">
        <Form.Label>Notes</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          {...field('notes')}
        />
        {feedback('notes')}
      </Form.Group>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <InlineSpinner className="me-1" />}Save ad spec
      </Button>{' '}
      <Button variant="outline-secondary" onClick={onDone} disabled={save.isPending}>
        Cancel
      </Button>
    </Form>
  );
}
