import type { AccountLinkPurpose, AccountLinkStatus } from '@pinpoint/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../../components/load-states';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { checkAccountLink, setPasswordFromLink } from '../api/account-emails-api';
import { PasswordPairForm } from './password-pair-form';

/** What the sign-in page says after a password was set (router state, not the address). */
export interface SignInNotice {
  notice: string;
  email: string;
}

const TEXT: Record<
  AccountLinkPurpose,
  { label: string; submit: string; pending: string; done: string; greeting: string }
> = {
  activation: {
    label: 'Activate your account',
    submit: 'Activate my account',
    pending: 'Activating…',
    done: 'Your account is active. Log in with your new password.',
    greeting: 'Choose the password you will sign in with.',
  },
  reset: {
    label: 'Choose a new password',
    submit: 'Save my new password',
    pending: 'Saving…',
    done: 'Your password has been changed and you were signed out everywhere. Log in with your new password.',
    greeting: 'Choose a new password. Saving it signs you out on every device.',
  },
};

function LinkProblem({
  purpose,
  status,
}: {
  purpose: AccountLinkPurpose;
  status: AccountLinkStatus;
}) {
  const what =
    status === 'expired'
      ? 'This link has expired.'
      : status === 'used'
        ? 'This link has already been used, or a newer email replaced it.'
        : 'This link is not valid. Check that you opened the whole address from the email.';
  const next =
    purpose === 'reset'
      ? 'You can ask for a new one:'
      : 'Ask your agency to send a new invitation, or ask for a new link here:';
  return (
    <Alert variant="warning" role="alert">
      <p className="mb-2">{what}</p>
      <p className="mb-0">
        {next} <Link to={paths.forgotPassword.href()}>send me a new link</Link>.
      </p>
    </Alert>
  );
}

/**
 * The page an activation or reset email opens (`?token=`): checks the link first, then
 * asks for the password twice, then sends the person to sign in. The token stays in the
 * address and in memory only.
 */
export function AccountLinkForm({ purpose }: { purpose: AccountLinkPurpose }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const text = TEXT[purpose];
  const link = useQuery({
    queryKey: ['account-link', purpose, token],
    queryFn: () => checkAccountLink(token, purpose),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const save = useMutation({
    mutationFn: (password: string) => setPasswordFromLink(purpose, { token, password }),
    onSuccess: (done) => {
      const state: SignInNotice = { notice: text.done, email: done.email };
      navigate(paths.login.href(), { replace: true, state });
    },
  });

  if (!token) return <LinkProblem purpose={purpose} status="invalid" />;
  if (link.isPending) return <Loading what="your link" />;
  if (link.isError) {
    return (
      <Alert variant="danger" role="alert">
        {link.error.message}
      </Alert>
    );
  }
  const saveError = save.error instanceof ApiError ? save.error : null;
  // A link that went bad meanwhile (used in another tab, expired): say so as on arrival.
  const lateStatus: AccountLinkStatus | null =
    saveError?.body?.error.code === 'LINK_EXPIRED'
      ? 'expired'
      : saveError?.body?.error.code === 'GONE'
        ? 'used'
        : saveError?.body?.error.code === 'LINK_INVALID'
          ? 'invalid'
          : null;
  const status = lateStatus ?? link.data.status;
  if (status !== 'valid') return <LinkProblem purpose={purpose} status={status} />;
  return (
    <>
      <p>
        {link.data.first_name ? `Hello ${link.data.first_name}. ` : ''}
        {text.greeting}
        {link.data.email && (
          <>
            {' '}
            Account: <strong>{link.data.email}</strong>
          </>
        )}
      </p>
      <PasswordPairForm
        label={text.label}
        email={link.data.email}
        submitText={text.submit}
        pendingText={text.pending}
        pending={save.isPending}
        serverError={save.error ? save.error.message : null}
        serverFieldError={saveError?.fieldErrors().password}
        onSubmit={(password) => save.mutate(password)}
      />
    </>
  );
}
