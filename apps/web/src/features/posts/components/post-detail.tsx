import { POST_CTA_LABELS, POST_TOPIC_LABELS, type PostSource } from '@pinpoint/contracts';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { usePost } from '../api/get-post';
import { usePostEvents } from '../hooks/use-post-events';
import { figure, formatInZone } from '../post-format';
import { PostStateBadge } from './post-state-badge';

export interface PostDetailProps {
  productId: number;
  postId: number;
  source: PostSource;
  backHref: string;
}

/** One post as the vendor shows it, its state and figures, and the history of its writes. */
export function PostDetail({ productId, postId, source, backHref }: PostDetailProps) {
  const detail = usePost(productId, postId, source);
  usePostEvents(null);
  return (
    <section>
      <Link to={backHref} className="d-inline-block mb-2">
        ← Back to the posts
      </Link>
      <h1 className="h3">Post</h1>
      {detail.isPending && (
        <Spinner animation="border" role="status">
          <span className="visually-hidden">Loading the post…</span>
        </Spinner>
      )}
      {detail.isError && <Alert variant="danger">{detail.error.message}</Alert>}
      {detail.data &&
        (() => {
          const { post, writes, timeZone } = detail.data;
          return (
            <>
              <p className="d-flex gap-2 align-items-center">
                <PostStateBadge state={post.state} />
                <span>
                  {post.source === 'facebook' ? 'Facebook post' : POST_TOPIC_LABELS[post.topicType]}
                </span>
                {post.publishedAt && (
                  <span>published {formatInZone(post.publishedAt, timeZone)}</span>
                )}
                {post.state === 'scheduled' && (
                  <span>for {formatInZone(post.scheduledFor, timeZone)}</span>
                )}
              </p>
              {post.failureReason && <Alert variant="danger">Failed: {post.failureReason}</Alert>}
              {post.declineComment && (
                <Alert variant="warning">Declined: “{post.declineComment}”</Alert>
              )}
              {post.imageUrl && (
                <img
                  src={post.imageUrl}
                  alt={`Shown with: ${post.summary.slice(0, 80)}`}
                  className="img-fluid rounded mb-3"
                  style={{ maxHeight: '16rem' }}
                />
              )}
              {post.event && (
                <p className="fw-semibold mb-1">
                  {post.event.title} · {post.event.start.replace('T', ' ')} –{' '}
                  {post.event.end.replace('T', ' ')}
                </p>
              )}
              <p style={{ whiteSpace: 'pre-wrap' }}>{post.summary}</p>
              {post.ctaType && (
                <p>
                  Button: {POST_CTA_LABELS[post.ctaType]}
                  {post.ctaUrl ? ` → ${post.ctaUrl}` : ''}
                </p>
              )}
              {post.searchUrl && (
                <p>
                  <a href={post.searchUrl} target="_blank" rel="noreferrer">
                    See it live
                  </a>
                </p>
              )}
              <dl className="d-flex gap-4">
                <div>
                  <dt>Views</dt>
                  <dd>{figure(post.views)}</dd>
                </div>
                <div>
                  <dt>Clicks</dt>
                  <dd>{figure(post.clicks)}</dd>
                </div>
              </dl>
              <h2 className="h5">History</h2>
              {writes.length === 0 ? (
                <p className="text-body-secondary">
                  Nothing was sent to the vendor for this post from Pinpoint.
                </p>
              ) : (
                <Table size="sm">
                  <thead>
                    <tr>
                      <th scope="col">What</th>
                      <th scope="col">Status</th>
                      <th scope="col">By</th>
                      <th scope="col">When</th>
                    </tr>
                  </thead>
                  <tbody>
                    {writes.map((w) => (
                      <tr key={w.id}>
                        <td>{w.action === 'delete' ? 'Delete' : 'Publish'}</td>
                        <td>
                          {w.status.replace('_', ' ')}
                          {w.error ? `: ${w.error}` : ''}
                        </td>
                        <td>{w.createdBy ?? '—'}</td>
                        <td>{formatInZone(w.sentAt ?? w.sendAfter ?? w.createdAt, timeZone)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </>
          );
        })()}
    </section>
  );
}
