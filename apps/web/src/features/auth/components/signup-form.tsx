import { signupRequestSchema } from '@pinpoint/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { signup } from '../api/auth-api';

const FIELDS = [
  { name: 'company', label: 'Company', type: 'text', autoComplete: 'organization' },
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Work email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

export function SignupForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({
    company: '',
    first_name: '',
    last_name: '',
    email: '',
    password: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: () => navigate(paths.trial.overview.href(), { replace: true }),
    onError: (error) => setFieldErrors(error instanceof ApiError ? error.fieldErrors() : {}),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = signupRequestSchema.safeParse(values);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    mutation.mutate(values);
  };

  const failure = mutation.error instanceof Error ? mutation.error.message : null;
  return (
    <Form noValidate onSubmit={submit} aria-label="Start your free trial">
      {failure && Object.keys(fieldErrors).length === 0 && (
        <Alert variant="danger" role="alert">
          {failure}
        </Alert>
      )}
      <Row className="g-3">
        {FIELDS.map((field) => (
          <Col xs={12} sm={field.name.endsWith('_name') ? 6 : 12} key={field.name}>
            <Form.Group controlId={`signup-${field.name}`}>
              <Form.Label>{field.label}</Form.Label>
              <Form.Control
                type={field.type}
                autoComplete={field.autoComplete}
                value={values[field.name]}
                onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                isInvalid={Boolean(fieldErrors[field.name])}
              />
              <Form.Control.Feedback type="invalid">
                {fieldErrors[field.name]}
              </Form.Control.Feedback>
              {field.name === 'password' && !fieldErrors.password && (
                <Form.Text>At least 10 characters, and not a common password.</Form.Text>
              )}
            </Form.Group>
          </Col>
        ))}
      </Row>
      <Button type="submit" className="w-100 mt-4" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating your trial…' : 'Start free trial'}
      </Button>
    </Form>
  );
}
