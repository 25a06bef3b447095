import {
  AD_SPEC_FIELD_LABELS,
  type AdSpecChange,
  formatInstantDateTime,
} from '@pinpoint/contracts';
import { formatFieldValue } from '../ad-spec-format';

/** Every change, newest first: who, when, and each field before and after. */
export function AdSpecHistory({ history }: { history: AdSpecChange[] }) {
  return (
    <section aria-labelledby="ad-spec-history-title" className="mb-4">
      <h2 id="ad-spec-history-title" className="h5">
        History of changes
      </h2>
      {history.length === 0 ? (
        <p className="text-body-secondary">No changes yet.</p>
      ) : (
        <ol className="list-unstyled" data-testid="ad-spec-history">
          {history.map((entry) => (
            <li key={entry.id} className="border-bottom py-2" data-testid="ad-spec-change">
              <p className="mb-1 small text-body-secondary">
                {formatInstantDateTime(entry.changedAt)}
                {entry.changedByName ? ` · ${entry.changedByName}` : ''}
              </p>
              <ul className="mb-0">
                {entry.changes.map((change) => (
                  <li key={change.field}>
                    <strong>{AD_SPEC_FIELD_LABELS[change.field]}:</strong>{' '}
                    {formatFieldValue(change.field, change.before)} →{' '}
                    {formatFieldValue(change.field, change.after)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
