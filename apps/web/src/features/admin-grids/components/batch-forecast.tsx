import type { BatchForecast } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { Pager } from '../../../components/pager';
import { formatCents } from '../../../lib/format';
import { formatDuration } from './format';

const COMPANIES_PAGE = 20;

/** What the batch would run: totals, the estimate, problems that stop it, and per client. */
export function BatchForecastView({ forecast }: { forecast: BatchForecast }) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(forecast.companies.length / COMPANIES_PAGE));
  const companies = forecast.companies.slice((page - 1) * COMPANIES_PAGE, page * COMPANIES_PAGE);
  const duration = forecast.estimatedDuration;

  return (
    <div data-testid="batch-forecast">
      <dl className="row mb-2">
        <dt className="col-6 col-md-3">Scans</dt>
        <dd className="col-6 col-md-3">{forecast.scans}</dd>
        <dt className="col-6 col-md-3">Points (searches)</dt>
        <dd className="col-6 col-md-3">{forecast.points}</dd>
        <dt className="col-6 col-md-3">Estimated cost</dt>
        <dd className="col-6 col-md-3">
          {formatCents(forecast.estimatedCents)}
          {forecast.estimatedCents === 0 && (
            <span className="small text-body-secondary"> (simulated searches are free)</span>
          )}
        </dd>
        <dt className="col-6 col-md-3">Estimated time</dt>
        <dd className="col-6 col-md-3">
          {duration.seconds === null
            ? 'Not known yet'
            : `About ${formatDuration(duration.seconds)}`}
          <div className="small text-body-secondary">{duration.basis}</div>
        </dd>
        <dt className="col-6 col-md-3">At once</dt>
        <dd className="col-6 col-md-3">{forecast.concurrency} scans</dd>
      </dl>
      {forecast.problems.length > 0 && (
        <Alert variant="danger">
          <p className="mb-1">
            {forecast.problems.length} grid config(s) cannot run, so the batch cannot start:
          </p>
          <ul className="mb-0">
            {forecast.problems.slice(0, 20).map((problem) => (
              <li key={problem.configId}>
                “{problem.keyword}” (config {problem.configId}): {problem.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {forecast.ignoredCompanyIds.length > 0 && (
        <p className="small text-body-secondary">
          {forecast.ignoredCompanyIds.length} chosen client(s) have no active grid and are left out.
        </p>
      )}
      {forecast.scans === 0 ? (
        <Alert variant="warning">Nothing to run: these clients have no active grid.</Alert>
      ) : (
        <>
          <Table responsive size="sm" aria-label="Forecast per client">
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col" className="text-end">
                  Scans
                </th>
                <th scope="col" className="text-end">
                  Points
                </th>
                <th scope="col" className="text-end">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {companies.map((company) => (
                <tr key={company.companyId}>
                  <td>{company.name}</td>
                  <td className="text-end">{company.scans}</td>
                  <td className="text-end">{company.points}</td>
                  <td className="text-end">{formatCents(company.estimatedCents)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager label="Forecast pages" page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
