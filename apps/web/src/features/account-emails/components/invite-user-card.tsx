import { type ClientUserCreated, clientUserCreateSchema } from '@pinpoint/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { inviteClientUser, resendInvitation } from '../api/account-emails-api';

const FIELDS = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'off' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
] as const;
type FieldName = (typeof FIELDS)[number]['name'];
const EMPTY: Record<FieldName, string> = { first_name: '', last_name: '', email: '' };

function Delivery({
  created,
  onResend,
  resending,
}: {
  created: ClientUserCreated;
  onResend: () => void;
  resending: boolean;
}) {
  const who = created.user.email;
  if (created.invitation === 'sent') {
    return (
      <Alert variant="success" role="status">
        Invitation sent to {who}. They choose their password from the email (the link works for 7
        days).
      </Alert>
    );
  }
  if (created.invitation === 'held') {
    return (
      <Alert variant="warning" role="status">
        The account for {who} was created, but the invitation was <strong>not sent</strong>: no mail
        server is configured. It is kept in the{' '}
        <Link to={paths.dashboard.devOutbox.href()}>dev outbox</Link>.
      </Alert>
    );
  }
  return (
    <Alert variant="danger" role="alert">
      The account for {who} was created, but the invitation email could not be sent.{' '}
      <Button variant="link" className="p-0 align-baseline" onClick={onResend} disabled={resending}>
        {resending ? 'Sending…' : 'Send it again'}
      </Button>
    </Alert>
  );
}

/**
 * Staff invite a person to a client company (SPEC §7 `/api/uni/insertUser`): the person
 * gets an activation email and chooses their own password; nobody types it for them.
 */
export function InviteUserCard({ companyId }: { companyId: number }) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<ClientUserCreated | null>(null);
  const invite = useMutation({
    mutationFn: inviteClientUser,
    onSuccess: (answer) => {
      setCreated(answer);
      setValues(EMPTY);
    },
    onError: (error) => setFieldErrors(error instanceof ApiError ? error.fieldErrors() : {}),
  });
  const resend = useMutation({
    mutationFn: resendInvitation,
    onSuccess: (answer) => setCreated((c) => (c ? { ...c, invitation: answer.invitation } : c)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, company_id: companyId };
    const parsed = clientUserCreateSchema.safeParse(input);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setCreated(null);
    invite.mutate(input);
  };

  // A problem with something the form has no field for (the company itself) is said in the
  // banner, in the server's words, rather than kept for a field that is not there.
  const otherProblems = Object.entries(fieldErrors)
    .filter(([field]) => !(field in EMPTY))
    .map(([, message]) => message);
  const onFields = Object.keys(fieldErrors).length > otherProblems.length;
  const failure = !invite.error
    ? null
    : otherProblems.length > 0
      ? otherProblems.join(' ')
      : onFields
        ? null
        : invite.error.message;
  return (
    <Card className="mt-4" as="section" aria-labelledby={`${id}-title`}>
      <Card.Header>
        <h2 className="h5 mb-0" id={`${id}-title`}>
          Invite a user
        </h2>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          The person gets an email with a link to choose their password and can then sign in to this
          company.
        </p>
        {created && (
          <Delivery
            created={created}
            resending={resend.isPending}
            onResend={() => resend.mutate(created.user.id)}
          />
        )}
        {resend.isError && <Alert variant="danger">{resend.error.message}</Alert>}
        {failure && (
          <Alert variant="danger" role="alert">
            {failure}
          </Alert>
        )}
        <Form noValidate onSubmit={submit} aria-label="Invite a user">
          <Row className="g-3">
            {FIELDS.map((field) => (
              <Col xs={12} md={field.name === 'email' ? 12 : 6} key={field.name}>
                <Form.Group controlId={`${id}-${field.name}`}>
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
                </Form.Group>
              </Col>
            ))}
          </Row>
          <Button type="submit" className="mt-3" disabled={invite.isPending}>
            {invite.isPending ? 'Sending the invitation…' : 'Send the invitation'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
