import {
  formatInstantDateTime,
  INSITE_BLOG_STATE_LABELS,
  INSITE_BLOG_TRANSITIONS,
  type InsiteBlogDetail,
  type InsiteBlogState,
} from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LoadError, Loading } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-client';
import { useInsiteBlog, useMoveInsiteBlog } from '../api/insite-blogs-api';
import { MarkdownLite } from '../markdown-lite';

const MOVE_LABELS: Record<InsiteBlogState, string> = {
  draft: 'Back to draft',
  in_review: 'Send to review',
  scheduled: 'Schedule',
  published: 'Publish now',
};

/** A local `datetime-local` value a day from now, at the hour. */
function tomorrow(): string {
  const at = new Date(Date.now() + 86_400_000);
  at.setMinutes(0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:00`;
}

function Moves({ post }: { post: InsiteBlogDetail }) {
  const move = useMoveInsiteBlog(post.id);
  const [when, setWhen] = useState(tomorrow);
  const targets = INSITE_BLOG_TRANSITIONS[post.state];
  if (targets.length === 0) return null;
  const stale = move.error instanceof ApiError && move.error.status === 409;
  return (
    <section aria-label="Move the post" className="border-top pt-3 mt-3">
      {targets.includes('scheduled') && (
        <Form.Group className="mb-2" controlId={`blog-${post.id}-when`}>
          <Form.Label className="small mb-1">Publish at (your time)</Form.Label>
          <Form.Control
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            style={{ maxWidth: 260 }}
          />
        </Form.Group>
      )}
      <div className="d-flex flex-wrap gap-2">
        {targets.map((to) => (
          <Button
            key={to}
            size="sm"
            variant={to === 'draft' ? 'outline-secondary' : 'outline-primary'}
            disabled={move.isPending}
            onClick={() =>
              move.mutate({
                from: post.state,
                to,
                ...(to === 'scheduled' ? { scheduled_for: new Date(when).toISOString() } : {}),
              })
            }
          >
            {MOVE_LABELS[to]}
          </Button>
        ))}
      </div>
      {move.isError && (
        <Alert variant={stale ? 'warning' : 'danger'} className="mt-2 mb-0 small">
          {move.error.message}
        </Alert>
      )}
    </section>
  );
}

/** The preview panel's content: who, when, the body as markdown-lite, and the moves. */
export function BlogPreview({ id }: { id: number }) {
  const post = useInsiteBlog(id);
  if (post.isPending) return <Loading what="the post" />;
  if (post.isError)
    return <LoadError what="The post" error={post.error} onRetry={() => void post.refetch()} />;
  const p = post.data;
  return (
    <article data-testid="blog-preview">
      <p className="small text-body-secondary">
        {p.company_name} · {INSITE_BLOG_STATE_LABELS[p.state]}
        {p.author ? ` · by ${p.author}` : ''}
        {p.scheduled_for ? ` · goes out ${formatInstantDateTime(p.scheduled_for)}` : ''}
        {p.published_at ? ` · published ${formatInstantDateTime(p.published_at)}` : ''}
      </p>
      <MarkdownLite text={p.body} />
      <Moves post={p} />
    </article>
  );
}
