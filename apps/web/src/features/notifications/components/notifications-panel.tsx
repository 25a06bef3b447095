import type { NotificationList } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useMarkAllRead,
  useNotifications,
} from '../api/notifications-api';
import { NotificationItem } from './notification-item';

/**
 * The bell's panel body: all notifications or only those waiting for approval, a page at
 * a time, with "mark all as read". `news` is the latest decision, in words, from this tab
 * or any other, so a change made elsewhere is announced and not only redrawn.
 */
export function NotificationsPanel({
  companyId,
  counts,
  news,
  onDecided,
}: {
  companyId: number;
  counts: Pick<NotificationList, 'unreadCount' | 'pendingCount'> | null;
  news: string | null;
  onDecided: (message: string) => void;
}) {
  const [pendingOnly, setPendingOnly] = useState(false);
  const [page, setPage] = useState(1);
  const list = useNotifications(companyId, { page, pendingOnly });
  const markAllRead = useMarkAllRead(companyId);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / NOTIFICATIONS_PAGE_SIZE)) : 1;
  const showFilter = (pending: boolean) => {
    setPendingOnly(pending);
    setPage(1);
  };

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <ButtonGroup size="sm" aria-label="Show">
          <Button
            variant={pendingOnly ? 'outline-secondary' : 'secondary'}
            aria-pressed={!pendingOnly}
            onClick={() => showFilter(false)}
          >
            All
          </Button>
          <Button
            variant={pendingOnly ? 'secondary' : 'outline-secondary'}
            aria-pressed={pendingOnly}
            onClick={() => showFilter(true)}
          >
            Waiting for approval ({counts?.pendingCount ?? 0})
          </Button>
        </ButtonGroup>
        <Button
          size="sm"
          variant="outline-primary"
          disabled={!counts || counts.unreadCount === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      <p className="small text-body-secondary mb-2">
        {counts ? `${counts.unreadCount} unread · ${counts.pendingCount} waiting for approval` : ''}
      </p>
      <div aria-live="polite" data-testid="notifications-news">
        {news && (
          <Alert variant="info" className="small py-2">
            {news}
          </Alert>
        )}
      </div>
      {markAllRead.error && (
        <Alert variant="danger" className="small py-2">
          {markAllRead.error.message}
        </Alert>
      )}
      {list.isLoading && <Loading what="notifications" />}
      {list.error && !data && (
        <Alert variant="danger">
          Notifications could not be loaded: {list.error.message}{' '}
          <Button size="sm" variant="link" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {data && data.items.length === 0 && (
        <p className="text-body-secondary">
          {pendingOnly
            ? 'Nothing is waiting for your approval.'
            : 'No notifications yet. We will let you know here.'}
        </p>
      )}
      {data && data.items.length > 0 && (
        // While the other filter's page loads, the previous one stays on screen, marked busy.
        <ul
          className={`list-unstyled mb-2${list.isPlaceholderData ? ' opacity-50' : ''}`}
          aria-label="Notifications list"
          aria-busy={list.isPlaceholderData}
        >
          {data.items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              companyId={companyId}
              onDecided={onDecided}
            />
          ))}
        </ul>
      )}
      <Pager
        label="Notification pages"
        page={page}
        pages={pages}
        onPage={setPage}
        previousText="Newer"
        nextText="Older"
        className=""
      />
    </>
  );
}
