import {
  formatInstantDateTime,
  PAGE_SPEED_CATEGORY_LABELS,
  type PageSpeedJob,
  type PageSpeedScores,
  type PageSpeedStrategy,
} from '@pinpoint/contracts';
import { useEffect, useId, useState } from 'react';
import { InlineSpinner, LoadError, Loading } from '../../../components/load-states';
import {
  usePageSpeed,
  usePageSpeedEvents,
  useRunPageSpeed,
  useWebsiteApi,
} from '../api/website-insights';
import { PageSpeedHistoryChart } from './page-speed-history-chart';
import { PageSpeedVitalsTable } from './page-speed-vitals';
import { ScoreGauge } from './score-gauge';

const ACTIVE: PageSpeedJob['state'][] = ['queued', 'running-mobile', 'running-desktop'];
const STEP: Record<PageSpeedJob['state'], { text: string; percent: number }> = {
  queued: { text: 'Queued…', percent: 10 },
  'running-mobile': { text: 'Measuring on mobile…', percent: 40 },
  'running-desktop': { text: 'Measuring on desktop…', percent: 75 },
  done: { text: 'Done.', percent: 100 },
  failed: { text: 'The run failed.', percent: 100 },
};

/** Seconds until `at`, ticking every second while in the future (for "Run now" again). */
function useSecondsUntil(at: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  const target = at ? Date.parse(at) : 0;
  useEffect(() => {
    if (target <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return Math.max(0, Math.ceil((target - now) / 1000));
}

function RunProgress({ job }: { job: PageSpeedJob }) {
  const step = STEP[job.state];
  if (job.state === 'failed') {
    return (
      <div className="alert alert-danger small mb-3" role="alert" data-testid="page-speed-failed">
        The last run failed: {job.error ?? 'no reason was given.'}
      </div>
    );
  }
  if (!ACTIVE.includes(job.state)) return null;
  return (
    <div className="mb-3" data-testid="page-speed-progress">
      <p className="small mb-1" role="status">
        <InlineSpinner /> {step.text}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Page speed run"
        aria-valuenow={step.percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar" style={{ width: `${step.percent}%` }} />
      </div>
    </div>
  );
}

/**
 * Page speed of a website product's site (issue 18): the four Lighthouse scores for mobile
 * or desktop, Core Web Vitals, the monthly history, and "Run now" with live progress.
 */
export function PageSpeedPanel({ productId }: { productId: number }) {
  const headingId = useId();
  const api = useWebsiteApi(productId);
  const report = usePageSpeed(productId, api);
  const run = useRunPageSpeed(productId, api);
  usePageSpeedEvents(productId);
  const [strategy, setStrategy] = useState<PageSpeedStrategy>('mobile');
  const wait = useSecondsUntil(report.data?.nextRunAt ?? null);

  const body = () => {
    if (report.isPending) return <Loading what="page speed" />;
    if (report.isError) {
      return (
        <LoadError what="Page speed" error={report.error} onRetry={() => void report.refetch()} />
      );
    }
    const data = report.data;
    if (!data.site) {
      return (
        <p className="text-body-secondary mb-0">This product has no website to measure yet.</p>
      );
    }
    const latest = data.latest[strategy];
    const active = data.job !== null && ACTIVE.includes(data.job.state);
    const scores: PageSpeedScores | null = latest?.scores ?? null;
    return (
      <>
        <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
          <fieldset className="btn-group" aria-label="Device">
            {(['mobile', 'desktop'] as const).map((s) => (
              <button
                key={s}
                type="button"
                className={`btn btn-sm ${strategy === s ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={strategy === s}
                onClick={() => setStrategy(s)}
              >
                {s === 'mobile' ? 'Mobile' : 'Desktop'}
              </button>
            ))}
          </fieldset>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary ms-auto"
            onClick={() => run.mutate()}
            disabled={active || run.isPending || wait > 0}
          >
            {run.isPending ? <InlineSpinner /> : null} Run now
          </button>
        </div>
        {wait > 0 && !active && (
          <p className="small text-body-secondary">
            Measured moments ago: you can run it again in {wait} s.
          </p>
        )}
        {run.isError && (
          <div className="alert alert-warning small" role="alert">
            {run.error.message}
          </div>
        )}
        {data.job && <RunProgress job={data.job} />}
        {latest === null ? (
          <p className="text-body-secondary">
            Not measured yet on {strategy}. “Run now” measures it.
          </p>
        ) : (
          <>
            <p className="small text-body-secondary" data-testid="page-speed-last-run">
              {latest.status === 'failed'
                ? `The last ${strategy} run failed (${formatInstantDateTime(latest.ranAt)}): ${latest.error ?? ''}`
                : `Last measured ${formatInstantDateTime(latest.ranAt)}`}
              {' · '}
              {data.source === 'live'
                ? 'By Google PageSpeed Insights.'
                : 'Measured by Pinpoint from the site’s own page (demo scoring).'}
            </p>
            {scores && (
              <div className="d-flex flex-wrap gap-4 mb-3" data-testid="page-speed-scores">
                {(Object.keys(PAGE_SPEED_CATEGORY_LABELS) as (keyof PageSpeedScores)[]).map(
                  (key) => (
                    <ScoreGauge
                      key={key}
                      label={PAGE_SPEED_CATEGORY_LABELS[key]}
                      score={scores[key]}
                    />
                  ),
                )}
              </div>
            )}
            {latest.vitals && <PageSpeedVitalsTable vitals={latest.vitals} />}
          </>
        )}
        <h3 className="h6 mt-3">History</h3>
        <PageSpeedHistoryChart history={data.history} strategy={strategy} />
      </>
    );
  };

  return (
    <section aria-labelledby={headingId} data-testid="page-speed-panel">
      <h2 id={headingId} className="h5">
        Page speed
      </h2>
      {body()}
    </section>
  );
}
