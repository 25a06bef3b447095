import { encodeId, POST_TOPIC_LABELS, type Post } from '@pinpoint/contracts';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { figure, postWhen } from '../post-format';
import { PostStateBadge } from './post-state-badge';

export interface PostListProps {
  posts: Post[];
  timeZone: string;
  /** Edit and delete where the page allows it (a product's posts page). */
  onEdit?(post: Post): void;
  onDelete?(post: Post): void;
}

/** Posts as a table: text, kind, state (with a failure's reason), when, and the vendor's figures. */
export function PostList({ posts, timeZone, onEdit, onDelete }: PostListProps) {
  const location = useLocation();
  return (
    <Table responsive hover className="align-middle">
      <thead>
        <tr>
          <th scope="col">Post</th>
          <th scope="col">Kind</th>
          <th scope="col">State</th>
          <th scope="col">When</th>
          <th scope="col" className="text-end">
            Views
          </th>
          <th scope="col" className="text-end">
            Clicks
          </th>
          {(onEdit || onDelete) && (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {posts.map((post) => (
          <tr key={post.id} data-testid="post-row">
            <td style={{ maxWidth: '28rem' }}>
              <Link
                to={paths.dashboard.postDetail.href(
                  post.productSlug,
                  encodeId(post.productId),
                  encodeId(post.id),
                )}
                state={{ from: location.pathname + location.search }}
                className="d-block text-truncate"
              >
                {post.summary || '(no text)'}
              </Link>
              {post.state === 'failed' && post.failureReason && (
                <small className="text-danger">Failed: {post.failureReason}</small>
              )}
              {post.state === 'declined' && (
                <small className="text-body-secondary">
                  Declined{post.declineComment ? `: “${post.declineComment}”` : ''}
                </small>
              )}
            </td>
            <td>{post.source === 'facebook' ? 'Facebook' : POST_TOPIC_LABELS[post.topicType]}</td>
            <td>
              <PostStateBadge state={post.state} />
            </td>
            <td className="text-nowrap">{postWhen(post, timeZone)}</td>
            <td className="text-end">{figure(post.views)}</td>
            <td className="text-end">{figure(post.clicks)}</td>
            {(onEdit || onDelete) && (
              <td className="text-nowrap text-end">
                {onEdit && post.editable && (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    className="me-1"
                    onClick={() => onEdit(post)}
                  >
                    Edit<span className="visually-hidden"> post {post.id}</span>
                  </Button>
                )}
                {onDelete && post.state !== 'deleted' && (
                  <Button size="sm" variant="outline-danger" onClick={() => onDelete(post)}>
                    Delete<span className="visually-hidden"> post {post.id}</span>
                  </Button>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
