/** The scan's progress bar (Bootstrap's markup), announced as "n of m points". */
export function ScanProgress({
  done,
  total,
  label = 'Scan progress',
}: {
  done: number;
  total: number;
  label?: string;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((100 * done) / total)) : 0;
  return (
    <div className="mb-3">
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${done} of ${total} points searched`}
        data-testid="scan-progress"
        style={{ height: '1.25rem' }}
      >
        <div
          className={`progress-bar${percent < 100 ? ' progress-bar-striped progress-bar-animated' : ' bg-success'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="small text-body-secondary mt-1 mb-0" aria-live="polite">
        {done} of {total} points searched ({percent}%)
      </p>
    </div>
  );
}
