import { newPasswordSchema } from '@pinpoint/contracts';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

/**
 * A new password typed twice, checked here by the contract's rules (length) before it is
 * sent; the server adds its own (not common, not the email) and its answer shows per field.
 */
export function PasswordPairForm({
  label,
  email,
  submitText,
  pendingText,
  pending,
  serverError,
  serverFieldError,
  onSubmit,
}: {
  label: string;
  email: string | null;
  submitText: string;
  pendingText: string;
  pending: boolean;
  serverError: string | null;
  serverFieldError: string | undefined;
  onSubmit: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    const next: typeof errors = {};
    if (!parsed.success) next.password = parsed.error.issues[0]?.message ?? 'Check the password.';
    else if (confirm !== password) next.confirm = 'The two passwords are not the same.';
    setErrors(next);
    if (!next.password && !next.confirm) onSubmit(password);
  };

  const passwordError = errors.password ?? serverFieldError;
  return (
    <Form noValidate onSubmit={submit} aria-label={label}>
      {serverError && !serverFieldError && (
        <Alert variant="danger" role="alert">
          {serverError}
        </Alert>
      )}
      {/* For password managers: which account this password belongs to. */}
      {email && (
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      )}
      <Form.Group className="mb-3" controlId="new-password">
        <Form.Label>New password</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          isInvalid={Boolean(passwordError)}
          aria-describedby="new-password-help"
          autoFocus
        />
        <Form.Control.Feedback type="invalid">{passwordError}</Form.Control.Feedback>
        {!passwordError && (
          <Form.Text id="new-password-help">
            At least 10 characters, not a common password, and not your email.
          </Form.Text>
        )}
      </Form.Group>
      <Form.Group className="mb-3" controlId="confirm-password">
        <Form.Label>Type it again</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          isInvalid={Boolean(errors.confirm)}
        />
        <Form.Control.Feedback type="invalid">{errors.confirm}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" className="w-100" disabled={pending}>
        {pending ? pendingText : submitText}
      </Button>
    </Form>
  );
}
