import type { Notification, NotificationList } from '@pinpoint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Drawer } from '../../../components/drawer';
import { useNotificationEvents, useNotifications } from '../api/notifications-api';
import { decisionMessage } from './notification-item';
import { NotificationsPanel } from './notifications-panel';

function BellIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
      <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2zm.995-14.901a1 1 0 1 0-1.99 0A5.002 5.002 0 0 0 3 6c0 1.098-.5 6-2 7h14c-1.5-1-2-5.902-2-7 0-2.42-1.72-4.44-4.005-4.901z" />
    </svg>
  );
}

const countText = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The bell in the top bar: the selected client's unread count (the number is in the
 * button's name, not only in the red badge) and a side panel with its notifications,
 * where pending ones are approved or declined. Both follow live events.
 */
export function NotificationsBell({
  companyId,
  companyName,
}: {
  companyId: number;
  companyName: string;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [news, setNews] = useState<string | null>(null);
  const latest = useNotifications(companyId, { page: 1, pendingOnly: false });

  /** The title of a notification this tab has loaded, for the message about it. */
  const titleOf = (id: number): string | null => {
    for (const [, list] of queryClient.getQueriesData<NotificationList>({
      queryKey: ['notifications', companyId],
    })) {
      const found = list?.items.find((item: Notification) => item.id === id);
      if (found) return found.title;
    }
    return null;
  };
  // A new request (pending) refreshes the list; only a decision is news to announce.
  useNotificationEvents(companyId, (event) => {
    if (event.state !== 'pending') setNews(decisionMessage(event, titleOf(event.id)));
  });

  const counts = latest.data
    ? { unreadCount: latest.data.unreadCount, pendingCount: latest.data.pendingCount }
    : null;
  const unread = counts?.unreadCount ?? 0;

  return (
    <>
      <Button
        variant="outline-secondary"
        size="sm"
        className="d-flex align-items-center gap-1"
        aria-label={`Notifications, ${unread} unread`}
        aria-haspopup="dialog"
        aria-controls="notifications-panel"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <BellIcon />
        {unread > 0 && (
          <Badge bg="danger" pill aria-hidden="true" data-testid="unread-count">
            {countText(unread)}
          </Badge>
        )}
      </Button>
      <Drawer
        id="notifications-panel"
        open={open}
        onClose={() => setOpen(false)}
        placement="end"
        labelledBy="notifications-title"
        header={
          <div>
            <h2 id="notifications-title" className="offcanvas-title h5 mb-0">
              Notifications
            </h2>
            <p className="small text-body-secondary mb-0">{companyName}</p>
          </div>
        }
        closeLabel="Close notifications"
      >
        <NotificationsPanel companyId={companyId} counts={counts} news={news} onDecided={setNews} />
      </Drawer>
    </>
  );
}
