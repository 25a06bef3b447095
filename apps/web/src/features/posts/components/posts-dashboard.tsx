import {
  POST_STATE_LABELS,
  POST_STATES,
  POST_TOPIC_LABELS,
  POST_TOPICS,
  type Post,
  type PostState,
  type PostTopic,
} from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Pager } from '../../../components/pager';
import { useDeletePost } from '../api/delete-post';
import { NO_POST_FILTERS, POSTS_PAGE_SIZE, type PostFilters, usePosts } from '../api/get-posts';
import type { PostScope } from '../api/post-scope';
import { usePostEvents } from '../hooks/use-post-events';
import { newPostKey } from '../post-format';
import { PostForm } from './post-form';
import { PostList } from './post-list';
import { PostsFreshness } from './posts-freshness';

export interface PostsDashboardProps {
  scope: PostScope;
  /** The company the posts belong to (uploads are stored for it). */
  companyId: number | null;
}

/** A product's or a company's posts: filters, the list, paging, and (per product) the composer. */
export function PostsDashboard({ scope, companyId }: PostsDashboardProps) {
  const [filters, setFilters] = useState<PostFilters>(NO_POST_FILTERS);
  // By value, not identity: filters set and then cleared again are no filters.
  const unfiltered = filters.states.length === 0 && !filters.topic && !filters.q.trim();
  const [composing, setComposing] = useState<Post | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const posts = usePosts(scope, filters);
  const remove = useDeletePost();
  usePostEvents(companyId);
  const data = posts.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / POSTS_PAGE_SIZE)) : 1;
  const set = (change: Partial<PostFilters>) => setFilters((f) => ({ ...f, page: 1, ...change }));

  const onDelete = (post: Post) => {
    if (scope.kind !== 'product') return;
    if (!window.confirm('Delete this post? A published one is removed from the vendor too.'))
      return;
    remove.mutate(
      { productId: scope.productId, source: scope.source, postId: post.id, key: newPostKey() },
      { onSuccess: () => setNotice('The post is being deleted.') },
    );
  };

  return (
    <>
      {data && <PostsFreshness connections={data.connections} />}
      {notice && (
        <Alert variant="info" dismissible onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      )}
      {scope.kind === 'product' &&
        companyId !== null &&
        data &&
        (composing ? (
          <PostForm
            key={composing === 'new' ? 'new' : composing.id}
            productId={scope.productId}
            companyId={companyId}
            source={scope.source}
            timeZone={data.timeZone}
            post={composing === 'new' ? undefined : composing}
            onCancel={() => setComposing(null)}
            onDone={(post) => {
              setComposing(null);
              setNotice(
                post.state === 'awaiting_approval'
                  ? 'The post waits for the company to approve it.'
                  : post.state === 'scheduled'
                    ? 'The post is scheduled.'
                    : post.state === 'draft'
                      ? 'The draft is saved.'
                      : 'The post is on its way.',
              );
            }}
          />
        ) : (
          <Button className="mb-3" onClick={() => setComposing('new')}>
            New post
          </Button>
        ))}
      <Form
        className="d-flex flex-wrap gap-2 mb-3"
        role="search"
        onSubmit={(e) => e.preventDefault()}
      >
        <Form.Select
          aria-label="State"
          style={{ maxWidth: '14rem' }}
          value={filters.states[0] ?? ''}
          onChange={(e) => set({ states: e.target.value ? [e.target.value as PostState] : [] })}
        >
          <option value="">Every state</option>
          {POST_STATES.map((s) => (
            <option key={s} value={s}>
              {POST_STATE_LABELS[s]} ({data?.stateCounts[s] ?? 0})
            </option>
          ))}
        </Form.Select>
        <Form.Select
          aria-label="Kind"
          style={{ maxWidth: '12rem' }}
          value={filters.topic}
          onChange={(e) => set({ topic: e.target.value as PostTopic | '' })}
        >
          <option value="">Every kind</option>
          {POST_TOPICS.map((t) => (
            <option key={t} value={t}>
              {POST_TOPIC_LABELS[t]}
            </option>
          ))}
        </Form.Select>
        <Form.Control
          type="search"
          aria-label="Search the posts' text"
          placeholder="Search text"
          style={{ maxWidth: '18rem' }}
          value={filters.q}
          onChange={(e) => set({ q: e.target.value })}
        />
      </Form>
      {posts.isPending && (
        <Spinner animation="border" role="status">
          <span className="visually-hidden">Loading posts…</span>
        </Spinner>
      )}
      {posts.isError && <Alert variant="danger">{posts.error.message}</Alert>}
      {data && data.items.length === 0 && (
        <p className="text-body-secondary">
          {unfiltered ? 'No posts yet.' : 'No posts match these filters.'}
        </p>
      )}
      {data && data.items.length > 0 && (
        <PostList
          posts={data.items}
          timeZone={data.timeZone}
          onEdit={scope.kind === 'product' ? (post) => setComposing(post) : undefined}
          onDelete={scope.kind === 'product' ? onDelete : undefined}
        />
      )}
      <Pager
        label="Pages of posts"
        page={filters.page}
        pages={pages}
        onPage={(page) => setFilters((f) => ({ ...f, page }))}
      />
    </>
  );
}
