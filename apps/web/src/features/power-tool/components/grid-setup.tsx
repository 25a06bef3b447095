import {
  SALES_GRID_SIZES,
  SALES_KEYWORDS_MAX,
  type SalesContainer,
  type SalesForecast,
  type SalesGridSettings,
  salesGridSettingsSchema,
  salesKeywordsSchema,
} from '@pinpoint/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { formatCents } from '../../../lib/format';
import { useSalesBatch } from '../api/batch';
import { useUpdateContainer } from '../api/containers';

interface Values {
  keywords: string[];
  size: string;
  radius: string;
  unit: 'mi' | 'km';
}

type Errors = Record<string, string>;

/** The form's values as the API takes them, or the problems, keyed as the server keys them. */
type Checked =
  | { ok: true; keywords: string[]; grid: SalesGridSettings }
  | { ok: false; errors: Errors };

/** The form's row of each keyword sent: empty rows are left out of what is sent. */
const keywordRows = (values: Values) =>
  values.keywords.flatMap((k, row) => (k.trim() !== '' ? [row] : []));

/**
 * Problems keyed by the form's fields: `keywords.<n>` of the sent list (ours or the server's)
 * becomes the row it came from, so a problem shows under its own keyword.
 */
function onRows(values: Values, problems: Record<string, string>): Errors {
  const rows = keywordRows(values);
  const errors: Errors = {};
  for (const [path, message] of Object.entries(problems)) {
    const keyword = /^keywords\.(\d+)$/.exec(path);
    const row = keyword ? rows[Number(keyword[1])] : undefined;
    errors[row === undefined ? path : `keywords.${row}`] ??= message;
  }
  return errors;
}

function validate(values: Values): Checked {
  const problems: Errors = {};
  const keywords = salesKeywordsSchema.safeParse(
    keywordRows(values).map((row) => values.keywords[row] ?? ''),
  );
  if (!keywords.success) {
    for (const issue of keywords.error.issues) {
      const key = issue.path.length ? `keywords.${String(issue.path[0])}` : 'keywords';
      problems[key] ??= issue.message;
    }
  }
  const errors = onRows(values, problems);
  const grid = salesGridSettingsSchema.safeParse({
    size: values.size,
    radius: values.radius === '' ? Number.NaN : values.radius,
    unit: values.unit,
  });
  if (!grid.success) {
    for (const issue of grid.error.issues) {
      errors[`grid.${String(issue.path[0])}`] ??= issue.message;
    }
  }
  if (!keywords.success || !grid.success) return { ok: false, errors };
  return { ok: true, keywords: keywords.data, grid: grid.data };
}

const sameSettings = (container: SalesContainer, keywords: string[], grid: SalesGridSettings) =>
  JSON.stringify([container.keywords, container.grid]) ===
  JSON.stringify([keywords, { size: grid.size, radius: grid.radius, unit: grid.unit }]);

/**
 * The prospect's top keywords (up to five) and the grid settings, then "Check the cost"
 * (saves them and asks the forecast: scans, points, dollars, the provider's ceiling) and
 * "Start": one grid per keyword, which then show their progress below.
 */
export function GridSetup({ container }: { container: SalesContainer }) {
  if (container.stage === 'won') {
    return (
      <p className="text-body-secondary mb-4">
        {container.name} is a client now: run its grids from the client’s rank grid pages.
      </p>
    );
  }
  return <GridSetupForm container={container} />;
}

function GridSetupForm({ container }: { container: SalesContainer }) {
  const id = useId();
  const update = useUpdateContainer(container.id);
  const batch = useSalesBatch(container.id);
  const [values, setValues] = useState<Values>({
    keywords: container.keywords.length ? container.keywords : [''],
    size: String(container.grid.size),
    radius: String(container.grid.radius),
    unit: container.grid.unit,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [forecast, setForecast] = useState<{ key: string; forecast: SalesForecast } | null>(null);
  const [started, setStarted] = useState<number | null>(null);
  const lastKeyword = useRef<HTMLInputElement>(null);
  const valuesKey = JSON.stringify(values);
  const current = forecast?.key === valuesKey ? forecast.forecast : null;

  const change = (next: Partial<Values>) => {
    setValues((v) => ({ ...v, ...next }));
    setStarted(null);
  };
  const setKeyword = (index: number, text: string) =>
    change({ keywords: values.keywords.map((k, i) => (i === index ? text : k)) });

  const serverErrors = (error: unknown) => {
    if (error instanceof ApiError) setErrors(onRows(values, error.fieldErrors()));
  };

  const checkCost = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setStarted(null);
    try {
      const { keywords, grid } = checked;
      if (!sameSettings(container, keywords, grid)) await update.mutateAsync({ keywords, grid });
      const answer = await batch.mutateAsync({ keywords, grid, forecastOnly: true });
      setForecast({ key: valuesKey, forecast: answer.forecast });
    } catch (error) {
      serverErrors(error);
    }
  };

  const start = async () => {
    const checked = validate(values);
    if (!checked.ok) return;
    try {
      const answer = await batch.mutateAsync({
        keywords: checked.keywords,
        grid: checked.grid,
        forecastOnly: false,
      });
      setForecast(null);
      setStarted(answer.run?.grids.length ?? 0);
    } catch (error) {
      serverErrors(error);
    }
  };

  const busy = update.isPending || batch.isPending;
  const failure = update.error ?? batch.error;
  const general =
    failure && !(failure instanceof ApiError && Object.keys(failure.fieldErrors()).length)
      ? failure.message
      : null;
  const fieldError = (key: string) =>
    errors[key] ? (
      <div id={`${id}-${key}-error`} className="invalid-feedback d-block">
        {errors[key]}
      </div>
    ) : null;
  const invalid = (key: string) => ({
    isInvalid: Boolean(errors[key]),
    'aria-invalid': Boolean(errors[key]),
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });

  return (
    <section aria-labelledby={`${id}-title`} className="card mb-4">
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5">
          Keywords and grid
        </h2>
        <Form noValidate onSubmit={(e) => void checkCost(e)} aria-label="Keywords and grid">
          <fieldset className="mb-3">
            <legend className="fs-6">
              The prospect's top keywords (at most {SALES_KEYWORDS_MAX}), one grid each
            </legend>
            {values.keywords.map((keyword, index) => (
              // Keywords have no identity beyond their place in the list.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions, not items
              <div key={index} className="mb-2" style={{ maxWidth: 420 }}>
                <div className="d-flex gap-2 align-items-center">
                  <Form.Label htmlFor={`${id}-kw-${index}`} className="mb-0 text-nowrap small">
                    Keyword {index + 1}
                  </Form.Label>
                  <Form.Control
                    id={`${id}-kw-${index}`}
                    ref={index === values.keywords.length - 1 ? lastKeyword : undefined}
                    value={keyword}
                    maxLength={80}
                    onChange={(e) => setKeyword(index, e.target.value)}
                    {...invalid(`keywords.${index}`)}
                  />
                  {values.keywords.length > 1 && (
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-label={`Remove keyword ${index + 1}`}
                      onClick={() =>
                        change({ keywords: values.keywords.filter((_, i) => i !== index) })
                      }
                    >
                      Remove
                    </Button>
                  )}
                </div>
                {fieldError(`keywords.${index}`)}
              </div>
            ))}
            {fieldError('keywords')}
            <Button
              size="sm"
              variant="outline-primary"
              disabled={values.keywords.length >= SALES_KEYWORDS_MAX}
              onClick={() => {
                change({ keywords: [...values.keywords, ''] });
                requestAnimationFrame(() => lastKeyword.current?.focus());
              }}
            >
              Add a keyword
            </Button>
            {values.keywords.length >= SALES_KEYWORDS_MAX && (
              <span className="small text-body-secondary ms-2">
                {SALES_KEYWORDS_MAX} keywords is the most a batch runs.
              </span>
            )}
          </fieldset>
          <div className="d-flex flex-wrap gap-3 mb-3">
            <Form.Group controlId={`${id}-size`}>
              <Form.Label className="small mb-1">Grid size</Form.Label>
              <Form.Select
                value={values.size}
                onChange={(e) => change({ size: e.target.value })}
                {...invalid('grid.size')}
              >
                {SALES_GRID_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}×{n} ({n * n} points)
                  </option>
                ))}
              </Form.Select>
              {fieldError('grid.size')}
            </Form.Group>
            <Form.Group controlId={`${id}-radius`} style={{ maxWidth: 140 }}>
              <Form.Label className="small mb-1">Radius</Form.Label>
              <Form.Control
                type="number"
                inputMode="decimal"
                step="0.5"
                min={0.5}
                max={25}
                value={values.radius}
                onChange={(e) => change({ radius: e.target.value })}
                {...invalid('grid.radius')}
              />
              {fieldError('grid.radius')}
            </Form.Group>
            <Form.Group controlId={`${id}-unit`}>
              <Form.Label className="small mb-1">Unit</Form.Label>
              <Form.Select
                value={values.unit}
                onChange={(e) => change({ unit: e.target.value === 'km' ? 'km' : 'mi' })}
              >
                <option value="mi">miles</option>
                <option value="km">kilometres</option>
              </Form.Select>
            </Form.Group>
          </div>
          <Button type="submit" variant="outline-primary" disabled={busy}>
            {busy && !current && <InlineSpinner className="me-1" />}
            Check the cost
          </Button>
        </Form>

        {general && (
          <Alert variant="danger" className="mt-3 mb-0">
            {general}
          </Alert>
        )}
        {current && (
          <div className="mt-3" data-testid="batch-forecast" aria-live="polite">
            <p className="mb-2">
              {current.scans === 1 ? '1 grid' : `${current.scans} grids`} ·{' '}
              {current.points.toLocaleString('en-US')} points · estimated cost{' '}
              <strong>{formatCents(current.estimatedCents)}</strong>
              {current.estimatedCents === 0 && ' (simulated searches cost nothing)'}
              {' · '}
              {current.scanCeilingCents === null
                ? 'the search provider sets no ceiling per scan'
                : `ceiling ${formatCents(current.scanCeilingCents)} per scan`}
              .
            </p>
            <Button onClick={() => void start()} disabled={busy}>
              {batch.isPending && <InlineSpinner className="me-1" />}
              Start {current.scans === 1 ? '1 grid' : `${current.scans} grids`}
            </Button>
          </div>
        )}
        {started !== null && (
          <p className="mt-3 mb-0 text-success" role="status">
            {started === 1 ? '1 grid started' : `${started} grids started`}: their progress shows
            below.
          </p>
        )}
      </div>
    </section>
  );
}
