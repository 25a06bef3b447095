import Alert from 'react-bootstrap/Alert';
import type { NewReviews } from '../hooks/use-review-events';

/**
 * "3 new reviews" after a sync brought some while the page was open. A status region that
 * is always there, so screen readers announce the notice when it appears.
 */
export function NewReviewsNotice({
  fresh,
  onDismiss,
}: {
  fresh: NewReviews;
  onDismiss: () => void;
}) {
  return (
    <div role="status">
      {fresh.count > 0 && (
        <Alert variant="info" dismissible onClose={onDismiss} className="py-2">
          {fresh.count} new review{fresh.count === 1 ? '' : 's'} arrived
          {fresh.lowRated > 0 && `, ${fresh.lowRated} rated 1 or 2 stars`}. The figures and the list
          below are up to date.
        </Alert>
      )}
    </div>
  );
}
