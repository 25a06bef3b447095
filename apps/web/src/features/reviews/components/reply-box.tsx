import { REPLY_MAX_CHARS, type ReviewReplyWrite } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { useDraftReviewReply } from '../api/draft-review-reply';
import { useReplyToReview } from '../api/reply-to-review';
import { newRequestKey } from '../review-format';

const count = new Intl.NumberFormat('en-US');

/**
 * Writing a reply: the text (with its length against the vendor's limit), an AI draft on
 * request, and Send. A person always sends: a draft only fills the box. The request key is
 * made once per opening of the box, so a double submit or a retry after a lost answer
 * makes one write.
 */
export function ReplyBox({
  productId,
  reviewId,
  reviewerName,
  initialText = '',
  onSent,
  onCancel,
}: {
  productId: number;
  reviewId: number;
  reviewerName: string;
  initialText?: string;
  onSent: (write: ReviewReplyWrite) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const [drafted, setDrafted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [idempotencyKey] = useState(newRequestKey);
  const draft = useDraftReviewReply();
  const reply = useReplyToReview();
  const length = text.trim().length;
  const tooLong = length > REPLY_MAX_CHARS;

  const askDraft = () => {
    setProblem(null);
    draft.mutate(
      { productId, reviewId },
      {
        onSuccess: (answer) => {
          setText(answer.text);
          setDrafted(true);
        },
      },
    );
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending) return;
    if (length === 0) return setProblem('Write a reply first.');
    if (tooLong)
      return setProblem(`Keep the reply under ${count.format(REPLY_MAX_CHARS)} characters.`);
    setProblem(null);
    reply.mutate(
      { productId, reviewId, text: text.trim(), idempotencyKey },
      { onSuccess: (answer) => onSent(answer.write) },
    );
  };

  const invalid = Boolean(problem) || tooLong;
  return (
    <Form noValidate onSubmit={send} className="mt-2" aria-label={`Reply to ${reviewerName}`}>
      <Form.Group controlId={`${id}-text`}>
        <Form.Label className="small mb-1">Your reply to {reviewerName}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={text}
          // The box opens on a click of Reply or Edit: writing is what comes next.
          autoFocus
          isInvalid={invalid}
          aria-invalid={invalid}
          aria-describedby={`${id}-count${problem ? ` ${id}-problem` : ''}${drafted ? ` ${id}-ai` : ''}`}
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Text id={`${id}-count`} className={tooLong ? 'text-danger' : undefined}>
          {count.format(length)} / {count.format(REPLY_MAX_CHARS)} characters
        </Form.Text>
        {problem && (
          <Form.Control.Feedback type="invalid" id={`${id}-problem`}>
            {problem}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      {drafted && (
        <Alert variant="info" className="small py-2 mt-2 mb-0" id={`${id}-ai`}>
          AI suggestion: read it and edit it before you send. Nothing is sent until you press Send
          reply.
        </Alert>
      )}
      {draft.isError && (
        <Alert variant="danger" className="small py-2 mt-2 mb-0">
          No draft could be made: {draft.error.message}
        </Alert>
      )}
      {reply.isError && (
        <Alert variant="danger" className="small py-2 mt-2 mb-0">
          The reply was not sent: {reply.error.message}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending && <InlineSpinner className="me-1" />}
          Send reply
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline-secondary"
          onClick={askDraft}
          disabled={draft.isPending || reply.isPending}
        >
          {draft.isPending && <InlineSpinner className="me-1" />}
          Draft a reply
        </Button>
        <Button type="button" size="sm" variant="link" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
