import { QR_NAME_MAX, QR_TARGET_MAX, type QrCode, qrTargetProblem } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { useCreateQrCode } from '../api/qr-api';

/**
 * A new code: a name and the address it opens. The address is checked as the server
 * checks it (http(s), no credentials, length) before sending; the server's field errors
 * show under the fields too.
 */
export function QrCreateForm({
  productId,
  onCreated,
}: {
  productId: number;
  onCreated: (code: QrCode) => void;
}) {
  const id = useId();
  const create = useCreateQrCode(productId);
  const [name, setName] = useState('');
  const [targetUrl, setTargetUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Give the code a name.';
    const problem = qrTargetProblem(targetUrl);
    if (problem) found.targetUrl = problem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { name: name.trim(), targetUrl: targetUrl.trim() },
      {
        onSuccess: (code) => {
          setName('');
          setTargetUrl('');
          onCreated(code);
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors());
        },
      },
    );
  }

  const generalError =
    create.error &&
    !(create.error instanceof ApiError && Object.keys(create.error.fieldErrors()).length)
      ? create.error.message
      : null;
  return (
    <Form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="border rounded p-3 mb-4"
    >
      <h2 id={`${id}-title`} className="h5">
        New QR code
      </h2>
      <div className="row g-3">
        <Form.Group className="col-md-4" controlId={`${id}-name`}>
          <Form.Label>Name</Form.Label>
          <Form.Control
            value={name}
            maxLength={QR_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            isInvalid={Boolean(errors.name)}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            placeholder="Storefront window"
          />
          <Form.Control.Feedback type="invalid" id={`${id}-name-error`}>
            {errors.name}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-md-8" controlId={`${id}-target`}>
          <Form.Label>Opens this address</Form.Label>
          <Form.Control
            type="url"
            inputMode="url"
            value={targetUrl}
            maxLength={QR_TARGET_MAX}
            onChange={(e) => setTargetUrl(e.target.value)}
            isInvalid={Boolean(errors.targetUrl)}
            aria-describedby={`${id}-target-help${errors.targetUrl ? ` ${id}-target-error` : ''}`}
            placeholder="https://example.com/menu"
          />
          <Form.Text id={`${id}-target-help`}>
            You can change it later: printed codes keep working.
          </Form.Text>
          <Form.Control.Feedback type="invalid" id={`${id}-target-error`}>
            {errors.targetUrl}
          </Form.Control.Feedback>
        </Form.Group>
      </div>
      {generalError && (
        <Alert variant="danger" className="mt-3 mb-0">
          The code could not be created: {generalError}
        </Alert>
      )}
      <Button type="submit" className="mt-3" disabled={create.isPending}>
        {create.isPending && <InlineSpinner className="me-1" />}
        Create QR code
      </Button>
    </Form>
  );
}
