import { MAX_AVG_JOB_VALUE_CENTS, type RoiSettingsView } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-client';
import { useSaveRoiSettings } from '../api/save-roi-settings';
import { formatMoney } from '../roi-format';

/** Dollars as typed ("1,250.50", "$900") → cents, or a message saying what is wrong. */
export function parseDollars(text: string): { cents: number } | { error: string } {
  const cleaned = text.trim().replace(/[$,\s]/g, '');
  if (cleaned === '') return { error: 'Enter the average job value in dollars.' };
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned))
    return { error: 'Enter dollars and cents, such as 450 or 450.50.' };
  const cents = Math.round(Number(cleaned) * 100);
  if (cents > MAX_AVG_JOB_VALUE_CENTS)
    return { error: 'The average job value can be at most $1,000,000.' };
  return { cents };
}

/**
 * The value of a won lead that has none of its own. The client's members (and admins) set
 * it; the agency's employees see it and are told who sets it.
 */
export function AvgJobValueSetting({
  companyId,
  settings,
}: {
  companyId: number;
  settings: RoiSettingsView;
}) {
  const id = useId();
  const save = useSaveRoiSettings(companyId);
  const [text, setText] = useState((settings.avgJobValueCents / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = parseDollars(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    save.mutate(
      { avgJobValueCents: parsed.cents },
      {
        onSuccess: () => setSaved(true),
        onError: (e) =>
          setError(
            e instanceof ApiError
              ? (e.fieldErrors().avgJobValueCents ?? e.message)
              : 'The average job value could not be saved.',
          ),
      },
    );
  };

  const current = (
    <>
      <strong data-testid="avg-job-value">{formatMoney(settings.avgJobValueCents)}</strong>
      {settings.isDefault ? ' (the default: no value has been set)' : ''}
    </>
  );

  return (
    <Card as="section" className="mb-4" aria-labelledby={`${id}-title`}>
      <Card.Body>
        <h2 id={`${id}-title`} className="h5">
          Average job value
        </h2>
        <p className="small text-body-secondary">
          What a won lead is worth when no value was entered on it. Now {current}.
        </p>
        {settings.canChange ? (
          <Form noValidate onSubmit={submit} className="d-flex flex-wrap align-items-start gap-2">
            <Form.Group controlId={`${id}-value`} style={{ maxWidth: 220 }}>
              <Form.Label className="small mb-1">Average job value (dollars)</Form.Label>
              <Form.Control
                inputMode="decimal"
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setSaved(false);
                }}
                isInvalid={Boolean(error)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              <Form.Control.Feedback type="invalid" id={`${id}-error`}>
                {error}
              </Form.Control.Feedback>
            </Form.Group>
            <Button type="submit" disabled={save.isPending} style={{ marginTop: '1.6rem' }}>
              {save.isPending && <InlineSpinner className="me-1" />}
              Save
            </Button>
            <p role="status" className="small text-success mb-0 align-self-center mt-4">
              {saved ? 'Saved. The figures above now use it.' : ''}
            </p>
          </Form>
        ) : (
          <p className="small mb-0">Only the client’s own users can change it.</p>
        )}
      </Card.Body>
    </Card>
  );
}
