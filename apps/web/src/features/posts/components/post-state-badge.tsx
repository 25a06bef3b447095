import { POST_STATE_LABELS, type PostState } from '@pinpoint/contracts';
import Badge from 'react-bootstrap/Badge';

const COLOURS: Record<PostState, { bg: string; text?: 'dark' }> = {
  draft: { bg: 'secondary' },
  awaiting_approval: { bg: 'warning', text: 'dark' },
  scheduled: { bg: 'info', text: 'dark' },
  publishing: { bg: 'info', text: 'dark' },
  published: { bg: 'success' },
  failed: { bg: 'danger' },
  declined: { bg: 'warning', text: 'dark' },
  deleted: { bg: 'light', text: 'dark' },
};

/** A post's state in words (the colour is never the only sign). */
export function PostStateBadge({ state }: { state: PostState }) {
  return (
    <Badge {...COLOURS[state]} data-testid="post-state">
      {POST_STATE_LABELS[state]}
    </Badge>
  );
}
