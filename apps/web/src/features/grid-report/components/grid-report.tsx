import {
  addCalendarDays,
  checkRange,
  formatInstantDay,
  formatRange,
  GRID_REPORT_DEFAULT_DAYS,
  GRID_REPORT_PAGE_SIZE,
  type RangeField,
  type GridReport as Report,
  todayIn,
} from '@pinpoint/contracts';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { ScrollingTable } from '../../../components/scrolling-table';
import { type GridReportFilter, gridReportCsvHref, useGridReport } from '../api/get-grid-report';
import { SeriesTable } from './series-table';

function defaultFilter(): GridReportFilter {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const to = todayIn();
  return { from: addCalendarDays(to, -(GRID_REPORT_DEFAULT_DAYS - 1)), to, tz, page: 1 };
}

function Failures({ report }: { report: Report }) {
  return (
    <section aria-labelledby="failures-heading" className="mb-4">
      <h2 id="failures-heading" className="h5">
        Failures
      </h2>
      <p className="small text-body-secondary">
        Pinpoint keeps no error text for a failed point: a point in error is one whose search failed
        on every attempt (the provider’s message is in the server log only), and a scan failed when
        none of its points could be searched. So failures are grouped by client and keyword, with
        the searches that were tried.
      </p>
      {report.failures.length === 0 ? (
        <p className="text-body-secondary">No failed scans or points in this period.</p>
      ) : (
        <>
          <ScrollingTable label="Failures (scrollable)">
            <Table size="sm" aria-label="Failures by client and keyword" className="mb-0">
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col">Keyword</th>
                  <th scope="col" className="text-end">
                    Failed scans
                  </th>
                  <th scope="col" className="text-end">
                    Points in error
                  </th>
                  <th scope="col" className="text-end">
                    Searches tried
                  </th>
                  <th scope="col">Last</th>
                </tr>
              </thead>
              <tbody>
                {report.failures.map((failure) => (
                  <tr key={`${failure.companyId}/${failure.keyword}`}>
                    <td>{failure.companyName}</td>
                    <td>{failure.keyword}</td>
                    <td className="text-end">{failure.failedScans}</td>
                    <td className="text-end">{failure.errorPoints}</td>
                    <td className="text-end">{failure.attempts}</td>
                    <td className="small text-nowrap">{formatInstantDay(failure.lastAt)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </ScrollingTable>
          {report.failureGroups > report.failures.length && (
            <p className="small text-body-secondary">
              The {report.failures.length} groups with the most points in error are shown, of{' '}
              {report.failureGroups}.
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The admin grid report: a period, every client's series, movers, failures, and the CSV. */
export function GridReport() {
  const [filter, setFilter] = useState<GridReportFilter>(defaultFilter);
  const [draft, setDraft] = useState({ from: filter.from, to: filter.to });
  const [errors, setErrors] = useState<Partial<Record<RangeField, string>>>({});
  const report = useGridReport(filter);
  const data = report.data;
  const pages = data ? Math.max(1, Math.ceil(data.totals.series / GRID_REPORT_PAGE_SIZE)) : 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkRange(draft.from, draft.to, todayIn());
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setFilter((f) => ({ ...f, ...check.range, page: 1 }));
  };

  return (
    <>
      <Form onSubmit={submit} noValidate className="d-flex flex-wrap align-items-start gap-2 mb-3">
        {(['from', 'to'] as const).map((field) => (
          <Form.Group key={field} controlId={`report-${field}`}>
            <Form.Label className="small mb-0">{field === 'from' ? 'From' : 'To'}</Form.Label>
            <Form.Control
              type="date"
              value={draft[field]}
              isInvalid={Boolean(errors[field])}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `report-${field}-error` : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
            />
            <Form.Control.Feedback type="invalid" id={`report-${field}-error`}>
              {errors[field]}
            </Form.Control.Feedback>
          </Form.Group>
        ))}
        <Button type="submit" variant="primary" className="align-self-end">
          Show
        </Button>
        <a
          className="btn btn-outline-secondary align-self-end"
          href={gridReportCsvHref(filter)}
          download
        >
          Download CSV
        </a>
      </Form>

      {report.isPending && <Loading what="the grid report" />}
      {report.isError && (
        <LoadError what="The grid report" error={report.error} onRetry={() => report.refetch()} />
      )}
      {data && (
        <>
          <p className="mb-3" aria-live="polite">
            {formatRange(data.range)}: {data.totals.series} series, {data.totals.scans} finished
            scans, {data.totals.failedScans} failed scans, {data.totals.errorPoints} points in
            error.
          </p>
          <p className="small text-body-secondary">
            A series is one client’s keyword at one grid setting. Start and end are its first and
            last finished scan in the period. ATRP is the average rank over all points, counting not
            found as 21: lower is better. SoLV is the share of points ranked 1–3.
          </p>
          <div className="row">
            <section aria-labelledby="gains-heading" className="col-12">
              <h2 id="gains-heading" className="h5">
                Biggest gains
              </h2>
              {data.gains.length === 0 ? (
                <p className="text-body-secondary">No series improved in this period.</p>
              ) : (
                <SeriesTable label="Biggest gains" rows={data.gains} />
              )}
            </section>
            <section aria-labelledby="losses-heading" className="col-12">
              <h2 id="losses-heading" className="h5">
                Biggest losses
              </h2>
              {data.losses.length === 0 ? (
                <p className="text-body-secondary">No series declined in this period.</p>
              ) : (
                <SeriesTable label="Biggest losses" rows={data.losses} />
              )}
            </section>
          </div>
          <section aria-labelledby="series-heading" className="mb-4">
            <h2 id="series-heading" className="h5">
              All clients
            </h2>
            {data.rows.length === 0 ? (
              <p className="text-body-secondary">No finished scans in this period.</p>
            ) : (
              <SeriesTable label="Series by client" rows={data.rows} />
            )}
            <Pager
              label="Report pages"
              page={filter.page}
              pages={pages}
              onPage={(page) => setFilter((f) => ({ ...f, page }))}
            />
          </section>
          <Failures report={data} />
        </>
      )}
    </>
  );
}
