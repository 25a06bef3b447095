import {
  ESTIMATOR_MAX_BUDGET_CENTS,
  ESTIMATOR_MAX_KEYWORD_LENGTH,
  ESTIMATOR_MAX_KEYWORDS,
  ESTIMATOR_MIN_BUDGET_CENTS,
  type GeoTarget,
} from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { useRunEstimator } from '../api/run-estimator';
import { EstimatorResults } from './estimator-results';
import { GeoTargetSearch } from './geo-target-search';

type Errors = Partial<Record<'keywords' | 'geoTarget' | 'monthlyBudgetCents', string>>;

/** Keywords one per line or separated by commas, trimmed, each once. */
export function parseKeywords(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[,\n]/)
    .map((k) => k.trim())
    .filter((k) => k && !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()));
}

/** Dollars as typed ("1,500.50", "$1500") to integer cents; null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', part = ''] = clean.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

function validate(keywords: string[], geo: GeoTarget | null, cents: number | null): Errors {
  const errors: Errors = {};
  if (keywords.length === 0) errors.keywords = 'Give at least one keyword.';
  else if (keywords.length > ESTIMATOR_MAX_KEYWORDS)
    errors.keywords = `Give at most ${ESTIMATOR_MAX_KEYWORDS} keywords.`;
  else if (keywords.some((k) => k.length > ESTIMATOR_MAX_KEYWORD_LENGTH))
    errors.keywords = `A keyword is at most ${ESTIMATOR_MAX_KEYWORD_LENGTH} characters.`;
  if (!geo) errors.geoTarget = 'Choose a geo target from the list.';
  if (cents === null) errors.monthlyBudgetCents = 'Give the budget in dollars, such as 1500.';
  else if (cents < ESTIMATOR_MIN_BUDGET_CENTS)
    errors.monthlyBudgetCents = 'The monthly budget is at least $1.';
  else if (cents > ESTIMATOR_MAX_BUDGET_CENTS)
    errors.monthlyBudgetCents = 'The monthly budget is at most $1,000,000.';
  return errors;
}

/**
 * The ads estimator (staff): keywords, a US geo target and a monthly budget in; keyword ideas
 * and a month's forecast out, with the source that answered (Google Ads keyword planning live,
 * the demo model otherwise).
 */
export function AdsEstimator() {
  const id = useId();
  const [keywordText, setKeywordText] = useState('');
  const [geo, setGeo] = useState<GeoTarget | null>(null);
  const [budget, setBudget] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const run = useRunEstimator();
  const serverFields = run.error instanceof ApiError ? run.error.fieldErrors() : {};
  const shownErrors: Errors = { ...serverFields, ...errors };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const keywords = parseKeywords(keywordText);
    const cents = dollarsToCents(budget);
    const found = validate(keywords, geo, cents);
    setErrors(found);
    if (Object.keys(found).length > 0 || !geo || cents === null) return;
    run.mutate({ keywords, geoTarget: geo.criteriaId, monthlyBudgetCents: cents });
  };

  return (
    <>
      <Form noValidate onSubmit={onSubmit} className="card card-body mb-4" aria-label="Estimate">
        <div className="row g-3">
          <Form.Group className="col-lg-5" controlId={`${id}-keywords`}>
            <Form.Label>Keywords</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={keywordText}
              isInvalid={Boolean(shownErrors.keywords)}
              aria-describedby={`${id}-keywords-help`}
              placeholder="water heater repair, emergency plumber"
              onChange={(event) => setKeywordText(event.target.value)}
            />
            <Form.Text id={`${id}-keywords-help`}>
              One per line or separated by commas; up to {ESTIMATOR_MAX_KEYWORDS}.
            </Form.Text>
            <Form.Control.Feedback type="invalid">{shownErrors.keywords}</Form.Control.Feedback>
          </Form.Group>
          <div className="col-lg-4">
            <GeoTargetSearch chosen={geo} onChoose={setGeo} error={shownErrors.geoTarget} />
          </div>
          <Form.Group className="col-lg-3" controlId={`${id}-budget`}>
            <Form.Label>Monthly budget (USD)</Form.Label>
            <Form.Control
              type="text"
              inputMode="decimal"
              value={budget}
              isInvalid={Boolean(shownErrors.monthlyBudgetCents)}
              placeholder="1500"
              onChange={(event) => setBudget(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">
              {shownErrors.monthlyBudgetCents}
            </Form.Control.Feedback>
          </Form.Group>
        </div>
        <div className="mt-3">
          <Button type="submit" disabled={run.isPending}>
            {run.isPending ? (
              <>
                <InlineSpinner /> Estimating…
              </>
            ) : (
              'Run estimate'
            )}
          </Button>
        </div>
      </Form>
      <div aria-live="polite">
        {run.isPending && <p className="visually-hidden">Estimating…</p>}
        {run.isError && Object.keys(serverFields).length === 0 && (
          <Alert variant="danger">The estimate could not be made: {run.error.message}</Alert>
        )}
        {run.data && !run.isPending && <EstimatorResults result={run.data} />}
        {!run.data && !run.isPending && !run.isError && (
          <p className="text-body-secondary">
            Enter keywords, a place and a budget, then run the estimate.
          </p>
        )}
      </div>
    </>
  );
}
