import { type ActivityItem, formatInstantDateTime } from '@pinpoint/contracts';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useEncodedIds } from '../../../lib/product-format';
import { activityLabel } from '../activity-labels';

/**
 * Activity events as a list, newest first: when (MM/dd/yyyy and the time, in the user's
 * local time), what kind, what was done, and the product it was for. A list rather than a
 * table, so it reads on a 375 px screen without scrolling sideways.
 */
export function ActivityList({ items, label }: { items: ActivityItem[]; label: string }) {
  const encoded = useEncodedIds(items.flatMap((i) => (i.product ? [i.product.instanceId] : [])));
  return (
    <ListGroup as="ul" aria-label={label}>
      {items.map((item) => (
        <ListGroup.Item as="li" key={item.id} className="py-2" data-testid="activity-item">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <Badge bg="secondary" data-testid="activity-type">
              {activityLabel(item.type)}
            </Badge>
            <time dateTime={item.occurredAt} className="small text-body-secondary ms-auto">
              {formatInstantDateTime(item.occurredAt)}
            </time>
          </div>
          <p className="mb-0 fw-semibold text-break">{item.title}</p>
          {item.detail && <p className="mb-0 small text-break">{item.detail}</p>}
          {item.product && (
            <p className="mb-0 small">
              For{' '}
              <Link
                to={paths.dashboard.productPage.href(
                  item.product.slug,
                  encoded.get(item.product.instanceId) ?? '',
                )}
              >
                {item.product.name}
              </Link>
            </p>
          )}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
