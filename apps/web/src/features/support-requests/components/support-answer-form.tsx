import type { SupportRequest } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-client';
import { useAnswerSupportRequest } from '../api/answer-support-request';

const REPLY_MAX = 4_000;

/**
 * Staff answer one request: a reply (sent to the client's product page at once), and Close
 * or Reopen. The client sees whatever is saved here; nothing else is sent anywhere.
 */
export function SupportAnswerForm({ request }: { request: SupportRequest }) {
  const id = useId();
  const answer = useAnswerSupportRequest();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const send = (input: { reply?: string; status?: SupportRequest['status'] }, said: string) => {
    setDone(null);
    answer.mutate(
      { requestId: request.id, ...input },
      {
        onSuccess: () => {
          if (input.reply) setReply('');
          setDone(said);
        },
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.fieldErrors().reply : undefined;
          if (field) setError(field);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = reply.trim();
    if (!text) {
      setError('Write a reply first.');
      return;
    }
    setError(null);
    send({ reply: text }, 'Reply sent.');
  };

  const closing = request.status === 'open';
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={`Answer “${request.subject}”`}>
      <Form.Group controlId={`${id}-reply`} className="mb-2">
        <Form.Label>{request.reply ? 'Replace the reply' : 'Reply'}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={reply}
          maxLength={REPLY_MAX}
          isInvalid={Boolean(error)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${id}-reply-error` : undefined}
          onChange={(e) => setReply(e.target.value)}
        />
        <Form.Control.Feedback type="invalid" id={`${id}-reply-error`}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
      {answer.isError && !error && (
        <Alert variant="danger">Nothing was changed: {answer.error.message}</Alert>
      )}
      {done && (
        <p className="small text-success mb-2" role="status">
          {done}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={answer.isPending}>
          {answer.isPending && <InlineSpinner className="me-1" />}Send reply
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline-secondary"
          disabled={answer.isPending}
          onClick={() =>
            send(
              { status: closing ? 'closed' : 'open' },
              closing ? 'Request closed.' : 'Request reopened.',
            )
          }
        >
          {closing ? 'Close request' : 'Reopen request'}
        </Button>
      </div>
    </Form>
  );
}
