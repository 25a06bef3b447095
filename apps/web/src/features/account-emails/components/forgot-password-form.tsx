import { forgotPasswordSchema } from '@pinpoint/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { requestPasswordReset } from '../api/account-emails-api';

/**
 * Asks for a reset email. The answer is the same whether an account has this email or
 * not (the server's words), so the page never says which.
 */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const request = useMutation({ mutationFn: requestPasswordReset });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    request.mutate(parsed.data.email);
  };

  if (request.isSuccess) {
    return (
      <Alert variant="success" role="status">
        <p className="mb-2">{request.data.message}</p>
        <p className="mb-0">
          Check your spam folder if nothing arrives within a few minutes. An account that was never
          activated gets a new activation link instead.
        </p>
      </Alert>
    );
  }
  return (
    <Form noValidate onSubmit={submit} aria-label="Reset your password">
      {request.isError && (
        <Alert variant="danger" role="alert">
          {request.error.message}
        </Alert>
      )}
      <p>Enter the email you sign in with. We will send you a link to choose a new password.</p>
      <Form.Group className="mb-3" controlId="forgot-email">
        <Form.Label>Email</Form.Label>
        <Form.Control
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          isInvalid={Boolean(fieldError)}
          autoFocus
        />
        <Form.Control.Feedback type="invalid">{fieldError}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" className="w-100" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send me a link'}
      </Button>
    </Form>
  );
}
