import { type SupportRequestInput, supportRequestInputSchema } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-client';
import { useCreateSupportRequest } from '../api/create-support-request';

type Field = keyof SupportRequestInput;
const EMPTY: SupportRequestInput = { subject: '', message: '' };

/**
 * Ask the agency for help about this product. The contract's schema checks the fields
 * first (the server checks them again and its field messages land on the same fields).
 */
export function SupportRequestForm({ productId }: { productId: number }) {
  const id = useId();
  const create = useCreateSupportRequest(productId);
  const [values, setValues] = useState<SupportRequestInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const parsed = supportRequestInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        setSent(true);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fieldErrors() as typeof errors);
      },
    });
  };

  const field = (name: Field, label: string, control: 'input' | 'textarea') => {
    const errorId = `${id}-${name}-error`;
    return (
      <Form.Group controlId={`${id}-${name}`} className="mb-3">
        <Form.Label>{label}</Form.Label>
        <Form.Control
          {...(control === 'textarea' ? { as: 'textarea' as const, rows: 5 } : {})}
          value={values[name]}
          maxLength={name === 'subject' ? 150 : 4_000}
          isInvalid={Boolean(errors[name])}
          aria-invalid={Boolean(errors[name]) || undefined}
          aria-describedby={errors[name] ? errorId : undefined}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        />
        <Form.Control.Feedback type="invalid" id={errorId}>
          {errors[name]}
        </Form.Control.Feedback>
      </Form.Group>
    );
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="mb-4">
      <h2 id={`${id}-title`} className="h5">
        Ask for help
      </h2>
      {field('subject', 'Subject', 'input')}
      {field('message', 'Message', 'textarea')}
      {sent && (
        <Alert variant="success" role="status">
          Your request was sent. Your agency will reply here, and you will see it on this page.
        </Alert>
      )}
      {create.isError && (
        <Alert variant="danger">Your request was not sent: {create.error.message}</Alert>
      )}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? (
          <>
            <InlineSpinner /> Sending…
          </>
        ) : (
          'Send request'
        )}
      </Button>
    </Form>
  );
}
