import { loginRequestSchema } from '@pinpoint/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate, useSearchParams } from 'react-router';
import { landingPath } from '../../../config/landing';
import { safeNextPath } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { login } from '../api/auth-api';
import { DemoAccounts } from './demo-accounts';

/** The password form; `after` (the social buttons) sits between it and the demo accounts. */
export function LoginForm({ after }: { after?: ReactNode }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (auth) => {
      navigate(safeNextPath(params.get('next')) ?? landingPath(auth.session), { replace: true });
    },
    onError: (error) => setFieldErrors(error instanceof ApiError ? error.fieldErrors() : {}),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      setFieldErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setFieldErrors({});
    mutation.mutate(parsed.data);
  };

  const failure = mutation.error instanceof Error ? mutation.error.message : null;
  return (
    <>
      <Form noValidate onSubmit={submit} aria-label="Log in">
        {failure && Object.keys(fieldErrors).length === 0 && (
          <Alert variant="danger" role="alert">
            {failure}
          </Alert>
        )}
        <Form.Group className="mb-3" controlId="login-email">
          <Form.Label>Email</Form.Label>
          <Form.Control
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            isInvalid={Boolean(fieldErrors.email)}
            autoFocus
          />
          <Form.Control.Feedback type="invalid">{fieldErrors.email}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="login-password">
          <Form.Label>Password</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            isInvalid={Boolean(fieldErrors.password)}
          />
          <Form.Control.Feedback type="invalid">{fieldErrors.password}</Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" className="w-100" disabled={mutation.isPending}>
          {mutation.isPending ? 'Logging in…' : 'Log in'}
        </Button>
      </Form>
      {after}
      <DemoAccounts
        onPick={(pickedEmail, pickedPassword) => {
          setEmail(pickedEmail);
          setPassword(pickedPassword);
        }}
      />
    </>
  );
}
