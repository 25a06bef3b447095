import {
  type DateRangePreset,
  type DayRange,
  formatDay,
  formatPerformanceValue,
  formatRange,
  type PerformanceSeries,
  type PerformanceSource,
  todayIn,
} from '@pinpoint/contracts';
import { useId, useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useSearchParams } from 'react-router';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterSelect } from '../../../components/filter-select';
import { LoadError, Loading } from '../../../components/load-states';
import { downloadBlob } from '../../../components/rank-grid/grid-csv';
import { paramsForSelection, selectionFromParams } from '../../../lib/range-selection';
import { performancePdfUrl, usePerformanceSeries } from '../api/get-performance-series';
import { usePerformanceSources } from '../api/get-performance-sources';
import { performanceCsv } from '../performance-csv';
import { PerformanceChart } from './performance-chart';

/**
 * A company's performance report (SPEC §3): the filter (products, location, dates; all kept
 * in the address), one chart per source the company has, totals against the previous
 * period, and the downloads (CSV from the loaded data, PDF drawn by the server).
 */
export function PerformanceReport({ companyId }: { companyId: number }) {
  const [params, setParams] = useSearchParams();
  const today = todayIn();
  const selection = useMemo(() => selectionFromParams(params, today), [params, today]);
  const sources = usePerformanceSources(companyId);
  const productsParam = params.get('products');
  const chosenProducts = productsParam === null ? null : productsParam.split(',').map(Number);
  const locationParam = Number(params.get('location'));
  const locationId =
    sources.data?.locations.some((l) => l.connectionId === locationParam) === true
      ? locationParam
      : null;

  // A source is shown when one of the chosen products feeds it (all, before any choice); a
  // source no product names (a connection without a product) shows while nothing is chosen.
  const shown: PerformanceSource[] = (sources.data?.sources ?? [])
    .filter(
      (s) => chosenProducts === null || s.productIds.some((id) => chosenProducts.includes(id)),
    )
    .map((s) => s.source);
  const series = usePerformanceSeries(companyId, shown, selection.range, locationId);

  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next);
  };
  const changeRange = (preset: DateRangePreset, custom?: DayRange) =>
    update((next) => {
      for (const key of ['range', 'from', 'to']) next.delete(key);
      for (const [k, v] of paramsForSelection(preset, custom)) next.set(k, v);
    });

  if (sources.isPending) return <Loading what="the report's sources" />;
  if (sources.isError) {
    return (
      <LoadError
        what="The report's sources"
        error={sources.error}
        onRetry={() => sources.refetch()}
      />
    );
  }
  const info = sources.data;
  const loaded = series.flatMap((q) => (q.data ? [q.data] : []));
  const allLoaded = loaded.length === shown.length && shown.length > 0;
  const fileBase = `performance-report-${companyId}-${selection.range.from}-${selection.range.to}`;

  return (
    <div>
      <DateRangeFilter
        key={params.toString()}
        selection={selection}
        today={today}
        onChange={changeRange}
      />
      <ReportFilters
        info={info}
        chosen={chosenProducts}
        locationId={locationId}
        onProducts={(ids) =>
          update((next) => {
            if (ids === null) next.delete('products');
            else next.set('products', ids.join(','));
          })
        }
        onLocation={(id) =>
          update((next) => {
            if (id === null) next.delete('location');
            else next.set('location', String(id));
          })
        }
      />
      <section aria-labelledby="sources-heading" className="mb-3">
        <h2 id="sources-heading" className="h6">
          Sources
        </h2>
        <ul className="small mb-0">
          {info.sources.map((s) => (
            <li key={s.source}>
              {s.title}: {shown.includes(s.source) ? 'shown' : 'not among the chosen products'}
            </li>
          ))}
          {info.missing.map((m) => (
            <li key={m.source} className="text-body-secondary">
              {m.title}: not in this report. {m.reason}
            </li>
          ))}
        </ul>
      </section>
      <div className="d-flex flex-wrap gap-2 mb-4">
        <Button
          variant="outline-primary"
          size="sm"
          disabled={!allLoaded}
          onClick={() =>
            downloadBlob(
              new Blob([performanceCsv(loaded)], { type: 'text/csv' }),
              `${fileBase}.csv`,
            )
          }
        >
          Download CSV
        </Button>
        {shown.length > 0 ? (
          <a
            className="btn btn-outline-primary btn-sm"
            href={performancePdfUrl(companyId, selection.range, shown, locationId)}
            download={`${fileBase}.pdf`}
          >
            Download PDF
          </a>
        ) : null}
      </div>
      {shown.length === 0 && (
        <p className="text-body-secondary">
          No source to show: this company has no synced source among the chosen products.
        </p>
      )}
      {shown.map((source, i) => {
        const query = series[i];
        const title = info.sources.find((s) => s.source === source)?.title ?? source;
        return (
          <section
            key={source}
            aria-labelledby={`perf-${source}`}
            className="mb-4"
            aria-busy={query?.isFetching}
          >
            <h2 id={`perf-${source}`} className="h5">
              {title}
            </h2>
            {query?.isPending && <Loading what={title} />}
            {query?.isError && (
              <LoadError what={title} error={query.error} onRetry={() => query.refetch()} />
            )}
            {query?.data && <SourceReport series={query.data} />}
          </section>
        );
      })}
    </div>
  );
}

function SourceReport({ series }: { series: PerformanceSeries }) {
  return (
    <>
      <p className="small text-body-secondary mb-2">
        {formatRange(series.range)}, compared with {formatRange(series.previousRange)}.{' '}
        {series.lastSyncedAt
          ? `Last synced ${formatDay(series.lastSyncedAt.slice(0, 10))} ${series.lastSyncedAt.slice(11, 16)} UTC.`
          : 'Not synced yet.'}
      </p>
      <Table size="sm" className="w-auto mb-2" aria-label={`${series.title}: totals`}>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col" className="text-end">
              This period
            </th>
            <th scope="col" className="text-end">
              Previous period
            </th>
          </tr>
        </thead>
        <tbody>
          {series.metrics.map((m) => (
            <tr key={m.key}>
              <th scope="row">{m.label}</th>
              <td className="text-end">
                {formatPerformanceValue(m.key, series.totals[m.key] ?? 0)}
              </td>
              <td className="text-end">
                {formatPerformanceValue(m.key, series.previousTotals[m.key] ?? 0)}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <PerformanceChart series={series} />
    </>
  );
}

function ReportFilters({
  info,
  chosen,
  locationId,
  onProducts,
  onLocation,
}: {
  info: NonNullable<ReturnType<typeof usePerformanceSources>['data']>;
  chosen: number[] | null;
  locationId: number | null;
  onProducts: (ids: number[] | null) => void;
  onLocation: (id: number | null) => void;
}) {
  const id = useId();
  const products = info.products.filter((p) => p.source !== null);
  const isChosen = (productId: number) => chosen === null || chosen.includes(productId);
  const toggle = (productId: number) => {
    const current = chosen ?? products.map((p) => p.id);
    const next = current.includes(productId)
      ? current.filter((x) => x !== productId)
      : [...current, productId];
    onProducts(next.length === products.length ? null : next);
  };
  return (
    <div className="d-flex flex-wrap gap-4 mb-3">
      {products.length > 0 && (
        <fieldset>
          <legend className="h6">Products</legend>
          {products.map((p) => (
            <Form.Check
              key={p.id}
              id={`${id}-product-${p.id}`}
              type="checkbox"
              label={p.name}
              checked={isChosen(p.id)}
              onChange={() => toggle(p.id)}
            />
          ))}
        </fieldset>
      )}
      {info.locations.length > 1 && (
        <FilterSelect
          id={`${id}-location`}
          label="Location (Google)"
          labelClassName="h6"
          allLabel="All locations"
          size={undefined}
          value={locationId === null ? null : String(locationId)}
          options={info.locations.map((l) => ({ value: String(l.connectionId), label: l.name }))}
          onChange={(location) => onLocation(location === null ? null : Number(location))}
        />
      )}
    </div>
  );
}
