import { QA_AUTHOR_MAX_CHARS, QA_QUESTION_MAX_CHARS } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { useRecordQuestion } from '../api/record-question';
import { localToday, numberFormat } from '../qa-format';

/**
 * Staff record a question they see on the profile: the asker's name as Google shows it,
 * the question as it reads, and the day it was asked. The server checks every field; its
 * messages show under the fields they are about.
 */
export function QaRecordForm({
  productId,
  onDone,
  onCancel,
}: {
  productId: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const today = localToday();
  const [authorName, setAuthorName] = useState('');
  const [text, setText] = useState('');
  const [askedOn, setAskedOn] = useState(today);
  const record = useRecordQuestion();
  const fields = record.error instanceof ApiError ? record.error.fieldErrors() : {};
  const general = record.isError && Object.keys(fields).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (record.isPending) return;
    record.mutate({ productId, input: { authorName, text, askedOn } }, { onSuccess: onDone });
  };

  return (
    <Form
      noValidate
      onSubmit={submit}
      className="border rounded p-3 mb-3"
      aria-labelledby={`${id}-title`}
    >
      <h2 className="h5" id={`${id}-title`}>
        Record a question
      </h2>
      <p className="small text-body-secondary">
        Copy a question you see on the Business Profile so the client and the agency can answer it
        here.
      </p>
      <Form.Group className="mb-2" controlId={`${id}-author`}>
        <Form.Label>Name shown on the profile</Form.Label>
        <Form.Control
          value={authorName}
          maxLength={QA_AUTHOR_MAX_CHARS * 2}
          isInvalid={Boolean(fields.authorName)}
          onChange={(e) => setAuthorName(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{fields.authorName}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${id}-text`}>
        <Form.Label>Question</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={text}
          isInvalid={Boolean(fields.text)}
          aria-describedby={`${id}-count`}
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Text id={`${id}-count`}>
          {numberFormat.format(text.trim().length)} / {numberFormat.format(QA_QUESTION_MAX_CHARS)}{' '}
          characters
        </Form.Text>
        <Form.Control.Feedback type="invalid">{fields.text}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-asked`} style={{ maxWidth: '14rem' }}>
        <Form.Label>Asked on</Form.Label>
        <Form.Control
          type="date"
          value={askedOn}
          max={today}
          isInvalid={Boolean(fields.askedOn)}
          onChange={(e) => setAskedOn(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{fields.askedOn}</Form.Control.Feedback>
      </Form.Group>
      {general && (
        <Alert variant="danger" className="small py-2">
          The question was not recorded: {record.error?.message}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={record.isPending}>
          {record.isPending && <InlineSpinner className="me-1" />}
          Record question
        </Button>
        <Button type="button" variant="link" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
