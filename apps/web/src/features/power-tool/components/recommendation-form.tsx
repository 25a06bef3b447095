import { type SalesRecommendation, salesRecommendationUpdateSchema } from '@pinpoint/contracts';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { useUpdateRecommendation } from '../api/recommendations';

type Field = 'title' | 'body';

/**
 * Edits one recommendation's words before the report is shared. The contract's rules are
 * checked here first and by the server again; each problem shows under its field. Escape
 * or Cancel leaves without saving.
 */
export function RecommendationForm({
  recommendation,
  onDone,
}: {
  recommendation: SalesRecommendation;
  onDone: (saved: boolean) => void;
}) {
  const id = useId();
  const save = useUpdateRecommendation(recommendation.containerId);
  const [title, setTitle] = useState(recommendation.title);
  const [body, setBody] = useState(recommendation.body);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const change = {
      ...(title !== recommendation.title && { title }),
      ...(body !== recommendation.body && { body }),
    };
    if (Object.keys(change).length === 0) {
      onDone(false);
      return;
    }
    const checked = salesRecommendationUpdateSchema.safeParse(change);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field) found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: recommendation.id, change });
      onDone(true);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors());
    }
  };

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !save.isPending) {
      event.preventDefault();
      onDone(false);
    }
  };
  const described = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const general =
    save.error && !(save.error instanceof ApiError && Object.keys(save.error.fieldErrors()).length)
      ? save.error.message
      : null;

  return (
    <Form
      noValidate
      onSubmit={(e) => void submit(e)}
      onKeyDown={cancelOnEscape}
      aria-label={`Edit recommendation ${recommendation.position}`}
      data-testid="recommendation-form"
    >
      <Form.Group className="mb-2" controlId={`${id}-title`}>
        <Form.Label className="small mb-1">Title</Form.Label>
        <Form.Control
          ref={first}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          isInvalid={Boolean(errors.title)}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={described('title')}
        />
        {errors.title && (
          <div id={`${id}-title-error`} className="invalid-feedback d-block">
            {errors.title}
          </div>
        )}
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${id}-body`}>
        <Form.Label className="small mb-1">What to do</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={body}
          maxLength={2100}
          onChange={(e) => setBody(e.target.value)}
          isInvalid={Boolean(errors.body)}
          aria-invalid={Boolean(errors.body)}
          aria-describedby={described('body')}
        />
        {errors.body && (
          <div id={`${id}-body-error`} className="invalid-feedback d-block">
            {errors.body}
          </div>
        )}
      </Form.Group>
      {general && (
        <Alert variant="danger" className="small">
          It could not be saved: {general}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending && <InlineSpinner className="me-1" />}
          Save
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={save.isPending}
          onClick={() => onDone(false)}
        >
          Cancel
        </Button>
      </div>
    </Form>
  );
}
