import type { CtmSummary } from '@pinpoint/contracts';
import { formatCount, formatMinutesSeconds } from '../../../lib/format';
import { formatShare, SOURCE_COLOURS } from '../calls-format';

/** The range's figures, the outcome split and the sources, all from the synced calls. */
export function CallFigures({ summary }: { summary: CtmSummary }) {
  const t = summary.totals;
  const figures = [
    { label: 'Calls', value: formatCount(t.calls), note: null },
    { label: 'Answered', value: formatCount(t.answered), note: formatShare(t.answered, t.calls) },
    { label: 'Missed', value: formatCount(t.missed), note: formatShare(t.missed, t.calls) },
    {
      label: 'Voicemail',
      value: formatCount(t.voicemail),
      note: formatShare(t.voicemail, t.calls),
    },
    {
      label: 'First-time callers',
      value: formatCount(t.firstTime),
      note: formatShare(t.firstTime, t.calls),
    },
    {
      label: 'Average answered call',
      value: formatMinutesSeconds(t.averageDurationSeconds),
      note: null,
    },
  ];
  const outcomes = [
    { label: 'Answered', calls: t.answered, className: 'bg-success' },
    { label: 'Missed', calls: t.missed, className: 'bg-danger' },
    { label: 'Voicemail', calls: t.voicemail, className: 'bg-warning' },
  ];
  return (
    <>
      <div className="row row-cols-2 row-cols-md-3 row-cols-xl-6 g-3 mb-3">
        {figures.map((f) => (
          <div className="col" key={f.label}>
            <div className="card h-100" data-testid="report-figure">
              <div className="card-body">
                <h3 className="h6 text-body-secondary mb-1">{f.label}</h3>
                <p className="fs-4 fw-semibold mb-0">{f.value}</p>
                {f.note && <p className="small text-body-secondary mb-0">{f.note} of calls</p>}
              </div>
            </div>
          </div>
        ))}
      </div>
      {t.calls > 0 && (
        <div className="row g-4 mb-3">
          <section className="col-md-6" aria-labelledby="ctm-outcomes-title">
            <h3 id="ctm-outcomes-title" className="h6">
              Answered, missed and voicemail
            </h3>
            {/* The bar repeats the list below it, so screen readers skip it. */}
            <div className="progress-stacked mb-2" aria-hidden="true" style={{ height: '1rem' }}>
              {outcomes.map((o) => (
                <div
                  key={o.label}
                  className="progress"
                  style={{ width: `${(o.calls / t.calls) * 100}%` }}
                >
                  <div className={`progress-bar ${o.className}`} />
                </div>
              ))}
            </div>
            <ul className="list-unstyled small mb-0" data-testid="ctm-outcomes">
              {outcomes.map((o) => (
                <li key={o.label}>
                  {o.label}: {formatCount(o.calls)} ({formatShare(o.calls, t.calls)})
                </li>
              ))}
            </ul>
          </section>
          <section className="col-md-6" aria-labelledby="ctm-sources-title">
            <h3 id="ctm-sources-title" className="h6">
              Calls by source
            </h3>
            <ul className="list-unstyled small mb-0" data-testid="ctm-sources">
              {summary.sources.map((s, i) => (
                <li key={s.source} className="d-flex align-items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="d-inline-block rounded-circle"
                    style={{
                      width: 10,
                      height: 10,
                      background: SOURCE_COLOURS[i % SOURCE_COLOURS.length],
                    }}
                  />
                  {s.source}: {formatCount(s.calls)} ({formatShare(s.calls, t.calls)})
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </>
  );
}
