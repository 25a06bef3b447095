import type { Review, ReviewReplyWrite } from '@pinpoint/contracts';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { InlineSpinner } from '../../../components/load-states';
import { useDeleteReviewReply } from '../api/delete-review-reply';
import { newRequestKey } from '../review-format';
import { shownWrite, type TrackedWrite } from '../write-tracking';
import { ReplyBox } from './reply-box';
import { WriteStatusBadge } from './write-status-badge';

type Mode = 'idle' | 'compose' | 'confirm-delete';

const VENDOR = { google: 'Google', facebook: 'Facebook' } as const;

/** What became of a write just made, in the words of the person who made it. */
function afterWrite(write: ReviewReplyWrite, vendor: string): string {
  const removal = write.action === 'delete';
  switch (write.status) {
    case 'awaiting_approval':
      return removal
        ? 'The removal waits for the company to approve it; the reply stays until then.'
        : 'Your reply waits for the company to approve it. It is sent once approved.';
    case 'pending':
      return removal
        ? `The reply is being removed from ${vendor}.`
        : `Your reply is being sent to ${vendor}.`;
    case 'sent':
      return removal ? `The reply was removed from ${vendor}.` : `Your reply is on ${vendor}.`;
    case 'failed':
      return `${vendor} refused it: ${write.error ?? 'no reason given'}.`;
    case 'declined':
      return 'The company declined it; nothing was sent.';
    case 'cancelled':
      return 'It was withdrawn; nothing was sent.';
  }
}

/**
 * A review's reply actions: Reply (or Edit reply and Delete reply once there is one), the
 * reply box, and a confirmation before a reply is removed. Focus goes back to the button
 * that opened a box when it closes, so keyboard users keep their place.
 */
export function ReplyActions({
  review,
  updatedAt,
}: {
  review: Review;
  /** When the data holding `review` was fetched: a write made after it is not in it yet. */
  updatedAt: number;
}) {
  const [mode, setMode] = useState<Mode>('idle');
  const [tracked, setTracked] = useState<TrackedWrite | null>(null);
  const [deleteKey, setDeleteKey] = useState(newRequestKey);
  const opener = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const previous = useRef<Mode>('idle');
  const remove = useDeleteReviewReply();

  useEffect(() => {
    if (mode === 'idle' && previous.current !== 'idle') opener.current?.focus();
    if (mode === 'confirm-delete') keep.current?.focus();
    previous.current = mode;
  }, [mode]);

  const done = (write: ReviewReplyWrite) => {
    setTracked({ write, at: Date.now() });
    setMode('idle');
  };
  const write = shownWrite(review, tracked, updatedAt);
  const notice = tracked && write ? afterWrite(write, VENDOR[review.source]) : null;

  const confirmDelete = () =>
    remove.mutate(
      { productId: review.productId, reviewId: review.id, idempotencyKey: deleteKey },
      {
        onSuccess: (answer) => {
          setDeleteKey(newRequestKey());
          done(answer.write);
        },
      },
    );

  const hasReply = Boolean(review.replyText);
  return (
    <div className="mt-2">
      {write && (
        <p className="small mb-1" data-testid="reply-status">
          {write.action === 'delete' ? 'Removing the reply: ' : 'Reply: '}
          <WriteStatusBadge write={write} />
          {write.action === 'reply' && write.status !== 'sent' && write.text && (
            <span className="d-block text-body-secondary mt-1">“{write.text}”</span>
          )}
        </p>
      )}
      {mode === 'idle' && (
        <div className="d-flex flex-wrap gap-2">
          <Button
            ref={opener}
            size="sm"
            variant="outline-primary"
            onClick={() => {
              setMode('compose');
            }}
          >
            {hasReply ? 'Edit reply' : 'Reply'}
          </Button>
          {hasReply && (
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => {
                setMode('confirm-delete');
              }}
            >
              Delete reply
            </Button>
          )}
        </div>
      )}
      {mode === 'compose' && (
        <ReplyBox
          productId={review.productId}
          reviewId={review.id}
          reviewerName={review.reviewerName}
          initialText={review.replyText ?? ''}
          onSent={done}
          onCancel={() => setMode('idle')}
        />
      )}
      {mode === 'confirm-delete' && (
        <fieldset className="border rounded p-2">
          <legend className="fs-6 mb-1 float-none w-auto px-1">
            Delete your reply from {VENDOR[review.source]}?
          </legend>
          <p className="small mb-2">The reviewer and everyone else will no longer see it.</p>
          {remove.isError && (
            <Alert variant="danger" className="small py-2">
              The reply was not deleted: {remove.error.message}
            </Alert>
          )}
          <div className="d-flex gap-2">
            <Button size="sm" variant="danger" disabled={remove.isPending} onClick={confirmDelete}>
              {remove.isPending && <InlineSpinner className="me-1" />}
              Yes, delete it
            </Button>
            <Button
              ref={keep}
              size="sm"
              variant="outline-secondary"
              onClick={() => setMode('idle')}
            >
              Keep the reply
            </Button>
          </div>
        </fieldset>
      )}
      <p
        role="status"
        className={notice ? 'small text-body-secondary mt-1 mb-0' : 'visually-hidden'}
      >
        {notice}
      </p>
    </div>
  );
}
