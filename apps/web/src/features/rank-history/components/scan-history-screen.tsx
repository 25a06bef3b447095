import { useState } from 'react';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { formatMonth } from '../../../lib/format';
import {
  useHistoryFilters,
  useHistoryMonth,
  useHistoryOverview,
  useSettingsLines,
  useTrialCompany,
} from '../api/history-api';
import { HistoryFilterBar, type HistoryFilterValue } from './history-filters';
import { MonthSummary } from './month-summary';
import { ScanHistoryTable } from './scan-history-table';
import { SettingsTrends } from './settings-trends';

interface ScanHistoryScreenProps {
  /** The company whose scans to show; null for a trial lead (their own trial company). */
  companyId: number | null;
  /** Where a scan's "View" link goes (the dashboard's or the trial area's scan view). */
  viewHref: (scanId: number) => string;
}

/**
 * A company's rank grid scans by month, filterable by keyword and settings, with each
 * settings line's recent trend. Used by the dashboard and by the trial area.
 */
export function ScanHistoryScreen({ companyId, viewHref }: ScanHistoryScreenProps) {
  const trial = useTrialCompany(companyId === null);
  if (companyId !== null)
    return <CompanyHistory key={companyId} companyId={companyId} viewHref={viewHref} />;
  if (trial.isPending) return <Loading what="your scans" />;
  if (trial.isError) {
    return <LoadError what="Your scans" error={trial.error} onRetry={() => void trial.refetch()} />;
  }
  if (trial.data === null) {
    return (
      <p className="text-body-secondary">
        You have not run a scan yet, so there is no history to show.
      </p>
    );
  }
  return <CompanyHistory key={trial.data} companyId={trial.data} viewHref={viewHref} />;
}

function CompanyHistory({
  companyId,
  viewHref,
}: {
  companyId: number;
  viewHref: (scanId: number) => string;
}) {
  const filters = useHistoryFilters(companyId);
  const overview = useHistoryOverview(companyId);
  const lines = useSettingsLines(companyId);
  const [chosen, setChosen] = useState<HistoryFilterValue | null>(null);
  const [page, setPage] = useState(1);
  const newestMonth = filters.data?.months[0];
  const value: HistoryFilterValue | null =
    chosen ?? (newestMonth ? { month: newestMonth, keyword: '', configId: '' } : null);
  const month = useHistoryMonth(
    value
      ? {
          companyId,
          month: value.month,
          keyword: value.keyword || undefined,
          configId: value.configId ? Number(value.configId) : undefined,
          page: page - 1,
        }
      : null,
  );

  if (filters.isPending) return <Loading what="the scan history" />;
  if (filters.isError) {
    return (
      <LoadError
        what="The scan history"
        error={filters.error}
        onRetry={() => void filters.refetch()}
      />
    );
  }
  if (!value) {
    return (
      <p className="text-body-secondary">There are no rank grid scans for this company yet.</p>
    );
  }

  const pages = month.data ? Math.max(1, Math.ceil(month.data.total / month.data.pageSize)) : 1;
  return (
    <>
      <HistoryFilterBar
        filters={filters.data}
        value={value}
        onChange={(next) => {
          setChosen(next);
          setPage(1);
        }}
      />
      {lines.data && <SettingsTrends timelines={lines.data} keyword={value.keyword} />}
      {lines.isError && (
        <LoadError what="The trends" error={lines.error} onRetry={() => void lines.refetch()} />
      )}
      {overview.data && (
        <MonthSummary overview={overview.data} month={value.month} keyword={value.keyword} />
      )}
      <section aria-labelledby="scan-list-title">
        <h2 id="scan-list-title" className="h5">
          Scans in {formatMonth(value.month)}
          {month.data && (
            <span className="text-body-secondary fw-normal"> ({month.data.total})</span>
          )}
        </h2>
        {month.isPending && <Loading what="the scans" />}
        {month.isError && (
          <LoadError what="The scans" error={month.error} onRetry={() => void month.refetch()} />
        )}
        {month.data && month.data.scans.length === 0 && (
          <p className="text-body-secondary">No scans match these filters in this month.</p>
        )}
        {month.data && month.data.scans.length > 0 && (
          <div aria-busy={month.isPlaceholderData}>
            <ScanHistoryTable scans={month.data.scans} viewHref={viewHref} />
          </div>
        )}
        <Pager label="Scan pages" page={page} pages={pages} onPage={setPage} />
      </section>
    </>
  );
}
