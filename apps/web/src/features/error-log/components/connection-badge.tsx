import Badge from 'react-bootstrap/Badge';
import { useRealtimeStatus } from '../../../lib/use-realtime';

const LABELS = {
  open: { text: 'Live', bg: 'success' },
  connecting: { text: 'Connecting…', bg: 'secondary' },
  reconnecting: { text: 'Reconnecting…', bg: 'warning' },
  idle: { text: 'Not connected', bg: 'secondary' },
} as const;

/** Whether live updates are flowing; read out to screen readers when it changes. */
export function ConnectionBadge() {
  const status = useRealtimeStatus();
  const { text, bg } = LABELS[status];
  return (
    <span aria-live="polite">
      <Badge bg={bg} text={bg === 'warning' ? 'dark' : undefined} data-testid="realtime-status">
        {text}
      </Badge>
    </span>
  );
}
