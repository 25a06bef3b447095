import type { DayRange } from '@pinpoint/contracts';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { paths } from '../../../config/paths';
import { useRoi } from '../api/get-roi';
import { AvgJobValueSetting } from './avg-job-value-setting';
import { RoiChannelsTable } from './roi-channels-table';
import { RoiKeyFigures } from './roi-figures';
import { RoiMonthlyChart } from './roi-monthly-chart';
import { RoiMonthsTable } from './roi-months-table';

/**
 * The ROI center of one company for a range: the key figures with how each is counted,
 * month by month (chart and table), channel by channel, and the average job value.
 */
export function RoiCenter({ companyId, range }: { companyId: number; range: DayRange }) {
  const roi = useRoi(companyId, range);

  if (roi.isPending) return <Loading what="the ROI figures" />;
  if (roi.isError)
    return <LoadError what="The ROI figures" error={roi.error} onRetry={() => roi.refetch()} />;

  const data = roi.data;
  const nothing = data.totals.spendCents === 0 && data.totals.leads === 0;
  return (
    <div aria-busy={roi.isPlaceholderData} data-testid="roi-center">
      <p className="small">
        Leads come from the <Link to={paths.dashboard.leadsCenter.href()}>leads center</Link>, where
        you mark them won and enter what they were worth; fees come from your{' '}
        <Link to={paths.dashboard.billing.href()}>invoices</Link>.
      </p>
      {nothing && (
        <p className="text-body-secondary" data-testid="roi-empty">
          There is nothing to count in this range yet: no ad spend, no fees and no leads.
        </p>
      )}
      <section aria-labelledby="roi-figures-title">
        <h2 id="roi-figures-title" className="visually-hidden">
          Key figures
        </h2>
        <RoiKeyFigures totals={data.totals} notes={data.notes} />
      </section>
      <AvgJobValueSetting key={companyId} companyId={companyId} settings={data.settings} />
      <section aria-labelledby="roi-months-title" className="mb-4">
        <h2 id="roi-months-title" className="h5">
          By month
        </h2>
        <RoiMonthlyChart months={data.months} />
        <RoiMonthsTable months={data.months} totals={data.totals} />
      </section>
      <section aria-labelledby="roi-channels-title" className="mb-4">
        <h2 id="roi-channels-title" className="h5">
          By channel
        </h2>
        <p className="small text-body-secondary">{data.notes.channels}</p>
        <RoiChannelsTable channels={data.channels} />
      </section>
    </div>
  );
}
