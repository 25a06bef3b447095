import { type DateRangePreset, type DayRange, todayIn } from '@pinpoint/contracts';
import { type ReactNode, useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { paramsForSelection, selectionFromParams } from '../../../lib/range-selection';
import { useOverviewKpis } from '../api/overview-api';
import { KpiCards, KpiCardsLoading } from './kpi-cards';
import { OverviewProducts } from './overview-products';

/**
 * One company's overview: the date filter (kept in the address, so a reload or a shared
 * link shows the same range), the KPI cards against the previous period, then products,
 * recent activity and open alerts (the activity and alerts areas' own panels, which the
 * route hands in).
 */
export function CompanyOverview({
  companyId,
  activity,
  alerts,
}: {
  companyId: number;
  activity: ReactNode;
  alerts: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  // "Today" in the user's local time (DECISIONS.md "Data"); the server counts in the same zone.
  const today = todayIn();
  const selection = useMemo(() => selectionFromParams(params, today), [params, today]);
  const kpis = useOverviewKpis(companyId, selection.range);

  const change = (preset: DateRangePreset, custom?: DayRange) =>
    setParams(paramsForSelection(preset, custom), { replace: false });

  return (
    // pp-overview: theme.css keeps the scrollbar's room while this page is shown.
    <div className="pp-overview">
      <DateRangeFilter
        key={params.toString()}
        selection={selection}
        today={today}
        onChange={change}
      />
      <section aria-labelledby="kpi-heading" aria-busy={kpis.isFetching} className="mb-4">
        <h2 id="kpi-heading" className="h5 mb-3">
          Key figures
        </h2>
        {kpis.isPending && (
          <>
            <p className="visually-hidden" role="status">
              Loading the key figures…
            </p>
            <KpiCardsLoading />
          </>
        )}
        {kpis.isError && (
          <Alert variant="danger">
            The key figures could not be loaded: {kpis.error.message}{' '}
            <Button variant="link" className="p-0 align-baseline" onClick={() => kpis.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {kpis.data && <KpiCards kpis={kpis.data.kpis} />}
      </section>
      <Row xs={1} lg={3} className="g-3">
        <Col>
          <OverviewProducts companyId={companyId} />
        </Col>
        <Col>{activity}</Col>
        <Col>{alerts}</Col>
      </Row>
    </div>
  );
}
