import { type FbadsGoal, formatDay } from '@pinpoint/contracts';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { InlineSpinner, Loading } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { formatCents, formatCount } from '../../../lib/format';
import { useFbadsGoals } from '../api/get-fbads-goals';
import { useFbadsIndustries } from '../api/get-fbads-industries';
import { useFbadsEstimate } from '../api/post-fbads-estimate';

const band = (b: { low: number; high: number } | null, format: (n: number) => string) =>
  b ? `${format(b.low)} – ${format(b.high)}` : 'Not enough data';

/**
 * Staff's Facebook ads estimate (SPEC §7 "Facebook ads sales"): reach and leads for a
 * monthly budget from our own synced campaigns of the industry, with the sample shown.
 */
export function FbadsEstimateCard({
  defaultIndustry,
  defaultBudgetCents,
}: {
  defaultIndustry?: string | null;
  defaultBudgetCents?: number;
}) {
  const industries = useFbadsIndustries();
  const goals = useFbadsGoals();
  const estimate = useFbadsEstimate();
  const [industry, setIndustry] = useState(defaultIndustry ?? '');
  const [goal, setGoal] = useState<FbadsGoal>('leads');
  const [budget, setBudget] = useState(
    defaultBudgetCents ? String(Math.round(defaultBudgetCents / 100)) : '1000',
  );
  const fieldErrors = estimate.error instanceof ApiError ? estimate.error.fieldErrors() : {};
  const chosenIndustry = industry || industries.data?.items[0]?.slug || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dollars = Number(budget);
    estimate.mutate({
      industry: chosenIndustry,
      goal,
      monthlyBudgetCents: Number.isFinite(dollars) ? Math.round(dollars * 100) : Number.NaN,
    });
  };
  const result = estimate.data;

  return (
    <Card
      as="section"
      className="mb-4"
      aria-labelledby="fbads-estimate-title"
      data-testid="fbads-estimate"
    >
      <Card.Body>
        <h2 id="fbads-estimate-title" className="h5">
          Facebook ads estimate <span className="badge text-bg-secondary align-middle">Staff</span>
        </h2>
        {industries.isPending || goals.isPending ? (
          <Loading what="industries and goals" />
        ) : industries.isError || goals.isError ? (
          <Alert variant="danger">The industries or goals could not be loaded.</Alert>
        ) : (
          <Form onSubmit={submit} noValidate className="row g-2 align-items-end">
            <Form.Group className="col-sm-4" controlId="fbads-industry">
              <Form.Label>Industry</Form.Label>
              <Form.Select
                value={chosenIndustry}
                onChange={(e) => setIndustry(e.target.value)}
                isInvalid={Boolean(fieldErrors.industry)}
              >
                {industries.data.items.map((i) => (
                  <option key={i.slug} value={i.slug}>
                    {i.name} ({i.campaigns} campaigns)
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{fieldErrors.industry}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-sm-3" controlId="fbads-goal">
              <Form.Label>Goal</Form.Label>
              <Form.Select value={goal} onChange={(e) => setGoal(e.target.value as FbadsGoal)}>
                {goals.data.items.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="col-sm-3" controlId="fbads-budget">
              <Form.Label>Monthly budget ($)</Form.Label>
              <Form.Control
                type="number"
                min={100}
                step={1}
                value={budget}
                onChange={(e) => setBudget(e.target.value)}
                isInvalid={Boolean(fieldErrors.monthlyBudgetCents)}
              />
              <Form.Control.Feedback type="invalid">
                {fieldErrors.monthlyBudgetCents}
              </Form.Control.Feedback>
            </Form.Group>
            <div className="col-sm-2">
              <Button type="submit" disabled={estimate.isPending}>
                {estimate.isPending && <InlineSpinner className="me-1" />}Estimate
              </Button>
            </div>
          </Form>
        )}
        {estimate.isError && !Object.keys(fieldErrors).length && (
          <Alert variant="danger" className="mt-3">
            {estimate.error.message}
          </Alert>
        )}
        {result && (
          <div className="mt-3" role="status" data-testid="fbads-estimate-result">
            {result.basis === 'none' ? (
              <p className="mb-0">
                There are not enough synced campaigns for this goal to estimate from yet.
              </p>
            ) : (
              <>
                <dl className="row mb-2">
                  <dt className="col-sm-4">Impressions a month</dt>
                  <dd className="col-sm-8">{band(result.impressions, formatCount)}</dd>
                  <dt className="col-sm-4">Reach a month (sum of daily reach)</dt>
                  <dd className="col-sm-8">{band(result.reachDailySum, formatCount)}</dd>
                  <dt className="col-sm-4">Leads a month</dt>
                  <dd className="col-sm-8">{band(result.leads, formatCount)}</dd>
                  <dt className="col-sm-4">Cost per lead (median)</dt>
                  <dd className="col-sm-8">{formatCents(result.costPerLeadCents?.mid ?? null)}</dd>
                </dl>
                <p className="small text-body-secondary mb-0">
                  From {result.sample.campaigns} campaigns of {result.sample.companies} companies
                  {result.basis === 'all-industries'
                    ? ' in all industries (this industry has too few)'
                    : ' in this industry'}
                  {result.sample.from && result.sample.to
                    ? `, ${formatDay(result.sample.from)} to ${formatDay(result.sample.to)}`
                    : ''}
                  . {result.method}
                </p>
              </>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
