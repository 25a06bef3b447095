import { QA_ANSWER_MAX_CHARS } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { useAnswerQuestion } from '../api/answer-question';
import { useDraftAnswer } from '../api/draft-answer';
import { numberFormat } from '../qa-format';

/**
 * Writing or editing an answer: the text with its length against Google's limit, an AI
 * draft on request, and Save. A draft only fills the box; nothing is saved until the person
 * presses Save answer (DECISIONS.md "AI drafts").
 */
export function QaAnswerForm({
  productId,
  questionId,
  authorName,
  initialText,
  onSaved,
  onCancel,
}: {
  productId: number;
  questionId: number;
  authorName: string;
  initialText: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const [drafted, setDrafted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const draft = useDraftAnswer();
  const save = useAnswerQuestion();
  const length = text.trim().length;
  const tooLong = length > QA_ANSWER_MAX_CHARS;

  const askDraft = () => {
    setProblem(null);
    draft.mutate(
      { productId, questionId },
      {
        onSuccess: (answer) => {
          setText(answer.text);
          setDrafted(true);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (length === 0) return setProblem('Write an answer first.');
    if (tooLong) {
      return setProblem(
        `Google allows at most ${numberFormat.format(QA_ANSWER_MAX_CHARS)} characters in an answer.`,
      );
    }
    setProblem(null);
    save.mutate({ productId, questionId, text: text.trim() }, { onSuccess: onSaved });
  };

  const invalid = Boolean(problem) || tooLong;
  const described = [`${id}-count`, problem && `${id}-problem`, drafted && `${id}-ai`]
    .filter(Boolean)
    .join(' ');
  return (
    <Form noValidate onSubmit={submit} className="mt-2" aria-label={`Answer ${authorName}`}>
      <Form.Group controlId={`${id}-text`}>
        <Form.Label className="small mb-1">Your answer to {authorName}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={text}
          // The box opens on a click of Answer or Edit: writing is what comes next.
          autoFocus
          isInvalid={invalid}
          aria-invalid={invalid}
          aria-describedby={described}
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Text id={`${id}-count`} className={tooLong ? 'text-danger' : undefined}>
          {numberFormat.format(length)} / {numberFormat.format(QA_ANSWER_MAX_CHARS)} characters
        </Form.Text>
        {problem && (
          <Form.Control.Feedback type="invalid" id={`${id}-problem`}>
            {problem}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      {drafted && (
        <Alert variant="info" className="small py-2 mt-2 mb-0" id={`${id}-ai`}>
          AI suggestion: read it and edit it before you save. Nothing is saved until you press Save
          answer.
        </Alert>
      )}
      {draft.isError && (
        <Alert variant="danger" className="small py-2 mt-2 mb-0">
          No draft could be made: {draft.error.message}
        </Alert>
      )}
      {save.isError && (
        <Alert variant="danger" className="small py-2 mt-2 mb-0">
          The answer was not saved: {save.error.message}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending && <InlineSpinner className="me-1" />}
          Save answer
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline-secondary"
          onClick={askDraft}
          disabled={draft.isPending || save.isPending}
        >
          {draft.isPending && <InlineSpinner className="me-1" />}
          Draft with AI
        </Button>
        <Button type="button" size="sm" variant="link" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
