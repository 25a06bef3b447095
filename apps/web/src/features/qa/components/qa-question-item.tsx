import type { QaQuestion } from '@pinpoint/contracts';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { InlineSpinner } from '../../../components/load-states';
import { useConfirmAnswer } from '../api/confirm-answer';
import { useDeleteQuestion } from '../api/delete-question';
import { formatDay } from '../qa-format';
import { QaAnswerForm } from './qa-answer-form';
import { QaStateBadge } from './qa-state-badge';

type Mode = 'idle' | 'answer' | 'confirm-live' | 'confirm-delete';

function byLine(who: string | null, when: string | null): string {
  if (!when) return '';
  return `${who ? ` by ${who}` : ''} on ${formatDay(when)}`;
}

/**
 * One question: what was asked, by whom and when, its answer and where that answer stands,
 * and the actions the viewer may take. Staff confirm an answer live and delete a question,
 * each after a confirmation step. Focus goes back to the button that opened a box when it
 * closes, so keyboard users keep their place.
 */
export function QaQuestionItem({
  productId,
  question,
  staff,
  onNotice,
}: {
  productId: number;
  question: QaQuestion;
  staff: boolean;
  onNotice: (text: string) => void;
}) {
  const [mode, setMode] = useState<Mode>('idle');
  const opener = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const previous = useRef<Mode>('idle');
  const confirm = useConfirmAnswer();
  const remove = useDeleteQuestion();

  useEffect(() => {
    if (mode === 'idle' && previous.current !== 'idle') opener.current?.focus();
    if (mode === 'confirm-live' || mode === 'confirm-delete') keep.current?.focus();
    previous.current = mode;
  }, [mode]);

  const q = question;
  const confirmLive = () =>
    confirm.mutate(
      { productId, questionId: q.id, answeredAt: q.answeredAt ?? '' },
      {
        onSuccess: () => {
          setMode('idle');
          onNotice('The answer is marked live on Google.');
        },
      },
    );
  const confirmDelete = () =>
    remove.mutate(
      { productId, questionId: q.id },
      { onSuccess: () => onNotice(`The question from ${q.authorName} was deleted.`) },
    );

  return (
    <li className="list-group-item py-3" data-testid="qa-question">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <h2 className="h6 mb-1">{q.text}</h2>
        <span>
          <QaStateBadge state={q.answerState} />
        </span>
      </div>
      <p className="small text-body-secondary mb-2">
        Asked by {q.authorName} on {formatDay(q.askedAt)}
        {q.upvotes > 0 && ` · ${q.upvotes} ${q.upvotes === 1 ? 'upvote' : 'upvotes'}`}
        {q.origin === 'recorded' && ` · recorded${q.recordedBy ? ` by ${q.recordedBy}` : ''}`}
      </p>
      {q.answerText && (
        <div className="border-start border-3 ps-3 mb-2">
          <p className="mb-1" style={{ whiteSpace: 'pre-line' }} data-testid="qa-answer">
            {q.answerText}
          </p>
          <p className="small text-body-secondary mb-0">
            Answered{byLine(q.answeredBy, q.answeredAt)}
            {q.answerState === 'live' && q.confirmedAt
              ? ` · confirmed live${byLine(q.confirmedBy, q.confirmedAt)}`
              : ''}
            {q.answerState === 'to_publish' && ' · waiting for the agency to put it on Google'}
          </p>
        </div>
      )}
      {mode === 'idle' && (
        <div className="d-flex flex-wrap gap-2">
          <Button
            ref={opener}
            size="sm"
            variant="outline-primary"
            onClick={() => setMode('answer')}
          >
            {q.answerText ? 'Edit answer' : 'Answer'}
          </Button>
          {staff && q.answerState === 'to_publish' && (
            <Button size="sm" variant="outline-success" onClick={() => setMode('confirm-live')}>
              Confirm live
            </Button>
          )}
          {staff && (
            <Button size="sm" variant="outline-danger" onClick={() => setMode('confirm-delete')}>
              Delete
            </Button>
          )}
        </div>
      )}
      {mode === 'answer' && (
        <QaAnswerForm
          productId={productId}
          questionId={q.id}
          authorName={q.authorName}
          initialText={q.answerText ?? ''}
          onCancel={() => setMode('idle')}
          onSaved={() => {
            setMode('idle');
            onNotice('The answer is saved and marked “To publish on Google”.');
          }}
        />
      )}
      {mode === 'confirm-live' && (
        <fieldset className="border rounded p-2">
          <legend className="fs-6 mb-1 float-none w-auto px-1">
            Is this answer live on the Google profile?
          </legend>
          <p className="small mb-2">
            Confirm only once the text above shows under the question on Google.
          </p>
          {confirm.isError && (
            <Alert variant="danger" className="small py-2">
              It was not marked live: {confirm.error.message}
            </Alert>
          )}
          <div className="d-flex gap-2">
            <Button size="sm" variant="success" disabled={confirm.isPending} onClick={confirmLive}>
              {confirm.isPending && <InlineSpinner className="me-1" />}
              Yes, it is live
            </Button>
            <Button
              ref={keep}
              size="sm"
              variant="outline-secondary"
              onClick={() => setMode('idle')}
            >
              Not yet
            </Button>
          </div>
        </fieldset>
      )}
      {mode === 'confirm-delete' && (
        <fieldset className="border rounded p-2">
          <legend className="fs-6 mb-1 float-none w-auto px-1">Delete this question?</legend>
          <p className="small mb-2">
            Use this for a question recorded by mistake. It is removed here, not from Google.
          </p>
          {remove.isError && (
            <Alert variant="danger" className="small py-2">
              The question was not deleted: {remove.error.message}
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
              Keep it
            </Button>
          </div>
        </fieldset>
      )}
    </li>
  );
}
