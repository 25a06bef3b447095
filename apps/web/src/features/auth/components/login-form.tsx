import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { landingPath } from '../../../config/landing';
import { paths, safeNextPath } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { DemoAccounts } from './demo-accounts';

/**
 * The contract check and the sign-in call bring zod, which the page does not need to show:
 * they load once the visitor types (or sends the form). A failed load reads as a failed
 * connection.
 */
const loadSignIn = () =>
  import('../api/sign-in').catch(() => {
    throw new ApiError(0, null);
  });
const preloadSignIn = () => {
  loadSignIn().catch(() => {});
};

/** Fields the contract refused: shown under each field, before anything is sent. */
class InvalidFields extends Error {
  constructor(readonly fields: Record<string, string>) {
    super('Check the highlighted fields.');
  }
}

/**
 * The password form; `after` (the social buttons) sits between it and the demo accounts.
 * `initialEmail`: the account whose password was just set from an emailed link.
 */
export function LoginForm({
  after,
  initialEmail = '',
}: {
  after?: ReactNode;
  initialEmail?: string;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const mutation = useMutation({
    mutationFn: async (fields: { email: string; password: string }) => {
      const signIn = await loadSignIn();
      const checked = signIn.checkLogin(fields);
      if ('fieldErrors' in checked) throw new InvalidFields(checked.fieldErrors);
      return signIn.login(checked.request);
    },
    onSuccess: (auth) => {
      navigate(safeNextPath(params.get('next')) ?? landingPath(auth.session), { replace: true });
    },
    onError: (error) =>
      setFieldErrors(
        error instanceof InvalidFields
          ? error.fields
          : error instanceof ApiError
            ? error.fieldErrors()
            : {},
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    mutation.mutate({ email, password });
  };

  const failure = mutation.error instanceof Error ? mutation.error.message : null;
  // An invited account not activated yet: the way to a new activation link.
  const needsActivation =
    mutation.error instanceof ApiError && mutation.error.body?.error.code === 'NEEDS_ACTIVATION';
  return (
    <>
      {/* Plain Bootstrap markup, as react-bootstrap's Form, Alert and Button rendered it:
          those bring transition and form-control code the login page need not download. */}
      <form noValidate onSubmit={submit} onInput={preloadSignIn} aria-label="Log in">
        {failure && Object.keys(fieldErrors).length === 0 && (
          <div className="alert alert-danger" role="alert">
            {failure}
            {needsActivation && (
              <>
                {' '}
                <Link to={paths.forgotPassword.href()} className="alert-link">
                  Send me a new activation link
                </Link>
              </>
            )}
          </div>
        )}
        <Field
          id="login-email"
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          error={fieldErrors.email}
          autoFocus
        />
        <Field
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
        />
        <p className="mb-3 text-end">
          <Link to={paths.forgotPassword.href()}>Forgot password?</Link>
        </p>
        <button type="submit" className="w-100 btn btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Logging in…' : 'Log in'}
        </button>
      </form>
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

function Field({
  id,
  label,
  error,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={error ? 'form-control is-invalid' : 'form-control'}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="invalid-feedback">{error}</div>
    </div>
  );
}
