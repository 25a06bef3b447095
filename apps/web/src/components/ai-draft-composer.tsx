import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from './load-states';

const count = new Intl.NumberFormat('en-US');

/** A mutation's state as the composer shows it. */
interface Pending {
  pending: boolean;
  error: Error | null;
}

export interface AiDraftComposerProps {
  /** The form's accessible name, e.g. "Reply to Ann". */
  formLabel: string;
  /** The text box's label, e.g. "Your reply to Ann". */
  fieldLabel: string;
  initialText: string;
  maxChars: number;
  /** Said when the box is empty on submit, and when it is over the limit. */
  emptyMessage: string;
  tooLongMessage: string;
  /** "Send reply", "Save answer"; the AI note names it ("… until you press Send reply"). */
  submitLabel: string;
  draftLabel: string;
  /** "The reply was not sent", "The answer was not saved". */
  failedMessage: string;
  /** What submitting does, for the AI note: "sent", "saved". */
  submitVerb: string;
  submit: Pending & { run(text: string): void };
  /** Asks the drafter; resolves to the draft's text. */
  draft: Pending & { run(): Promise<string> };
  onCancel(): void;
}

/**
 * Writing text a person sends to a customer (a review reply, a Q&A answer): the text with
 * its length against the vendor's limit, an AI draft on request, and the one button that
 * sends. A draft only fills the box and says so; nothing goes anywhere until the person
 * presses the button (DECISIONS.md "AI drafts").
 */
export function AiDraftComposer(props: AiDraftComposerProps) {
  const { submit, draft, maxChars } = props;
  const id = useId();
  const [text, setText] = useState(props.initialText);
  const [drafted, setDrafted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const length = text.trim().length;
  const tooLong = length > maxChars;

  const askDraft = () => {
    setProblem(null);
    draft.run().then(
      (draftText) => {
        setText(draftText);
        setDrafted(true);
      },
      // The failure shows from the draft's own state below.
      () => {},
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.pending) return;
    if (length === 0) return setProblem(props.emptyMessage);
    if (tooLong) return setProblem(props.tooLongMessage);
    setProblem(null);
    submit.run(text.trim());
  };

  const invalid = Boolean(problem) || tooLong;
  const described = [`${id}-count`, problem && `${id}-problem`, drafted && `${id}-ai`]
    .filter(Boolean)
    .join(' ');
  return (
    <Form noValidate onSubmit={onSubmit} className="mt-2" aria-label={props.formLabel}>
      <Form.Group controlId={`${id}-text`}>
        <Form.Label className="small mb-1">{props.fieldLabel}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={text}
          // The box opens on a click of Reply, Answer or Edit: writing is what comes next.
          autoFocus
          isInvalid={invalid}
          aria-invalid={invalid}
          aria-describedby={described}
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Text id={`${id}-count`} className={tooLong ? 'text-danger' : undefined}>
          {count.format(length)} / {count.format(maxChars)} characters
        </Form.Text>
        {problem && (
          <Form.Control.Feedback type="invalid" id={`${id}-problem`}>
            {problem}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      {drafted && (
        <Alert variant="info" className="small py-2 mt-2 mb-0" id={`${id}-ai`}>
          AI suggestion: read it and edit it before it is {props.submitVerb}. Nothing is{' '}
          {props.submitVerb} until you press {props.submitLabel}.
        </Alert>
      )}
      {draft.error && (
        <Alert variant="danger" className="small py-2 mt-2 mb-0">
          No draft could be made: {draft.error.message}
        </Alert>
      )}
      {submit.error && (
        <Alert variant="danger" className="small py-2 mt-2 mb-0">
          {props.failedMessage}: {submit.error.message}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button type="submit" size="sm" disabled={submit.pending}>
          {submit.pending && <InlineSpinner className="me-1" />}
          {props.submitLabel}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline-secondary"
          onClick={askDraft}
          disabled={draft.pending || submit.pending}
        >
          {draft.pending && <InlineSpinner className="me-1" />}
          {props.draftLabel}
        </Button>
        <Button type="button" size="sm" variant="link" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
