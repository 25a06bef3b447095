import {
  SOCIAL_PROVIDER_LABELS,
  type SocialPopupMessage,
  type SocialProviderName,
  socialProviderSchema,
} from '@pinpoint/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { landingPath } from '../../../config/landing';
import { confirmSocialLink, fetchCurrentSession, fetchSocialProviders } from '../api/auth-api';
import { useSocialAuth } from './social-context';
import { PopupBlockedError, signInWithPopup } from './social-popup';

type LinkRequest = Extract<SocialPopupMessage, { status: 'link-required' }>;

/** "Continue with …" buttons for the configured providers, and the link confirmation. */
export function SocialSignIn() {
  const navigate = useNavigate();
  const { report } = useSocialAuth();
  const providers = useQuery({ queryKey: ['auth', 'providers'], queryFn: fetchSocialProviders });
  const [pending, setPending] = useState<SocialProviderName | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<LinkRequest | null>(null);
  const [password, setPassword] = useState('');

  const land = (auth: Awaited<ReturnType<typeof fetchCurrentSession>>) => {
    if (auth) navigate(landingPath(auth.session), { replace: true });
    else setError('The sign-in could not be completed. Please try again.');
  };

  const start = async (provider: SocialProviderName) => {
    setError(null);
    setLink(null);
    setPending(provider);
    try {
      const result = await signInWithPopup(provider);
      if (!result) return;
      if (result.status === 'error') setError(result.message);
      if (result.status === 'link-required') setLink(result);
      if (result.status === 'signed-in') {
        report(provider, { name: result.name, email: result.email });
        land(await fetchCurrentSession());
      }
    } catch (failure) {
      setError(
        failure instanceof PopupBlockedError
          ? `Allow pop-ups for this site to continue with ${SOCIAL_PROVIDER_LABELS[provider]}.`
          : 'The sign-in could not be started. Please try again.',
      );
    } finally {
      setPending(null);
    }
  };

  const confirm = useMutation({
    mutationFn: confirmSocialLink,
    onSuccess: (auth) => {
      if (link) report(link.provider, { name: auth.user.firstName, email: link.email });
      land(auth);
    },
  });

  const enabled = socialProviderSchema.options.filter((provider) => providers.data?.[provider]);
  if (enabled.length === 0) return null;

  if (link) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      confirm.mutate({ linkToken: link.linkToken, password });
    };
    return (
      <Form onSubmit={submit} aria-label="Link your account" className="mt-4">
        <Alert variant="info">
          A Pinpoint account already uses <strong>{link.email}</strong>. Enter its password to link
          it with {SOCIAL_PROVIDER_LABELS[link.provider]}.
        </Alert>
        {confirm.error && <Alert variant="danger">{confirm.error.message}</Alert>}
        <Form.Group className="mb-3" controlId="link-password">
          <Form.Label>Password for {link.email}</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
          />
        </Form.Group>
        <div className="d-flex gap-2">
          <Button type="submit" disabled={confirm.isPending || password.length === 0}>
            Link and sign in
          </Button>
          <Button variant="link" onClick={() => setLink(null)}>
            Cancel
          </Button>
        </div>
      </Form>
    );
  }

  return (
    <div className="mt-4">
      <p className="text-center text-body-secondary small mb-2">or</p>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <div className="d-grid gap-2">
        {enabled.map((provider) => (
          <Button
            key={provider}
            variant="outline-secondary"
            disabled={pending !== null}
            onClick={() => start(provider)}
          >
            {pending === provider
              ? 'Waiting for the pop-up…'
              : `Continue with ${SOCIAL_PROVIDER_LABELS[provider]}`}
          </Button>
        ))}
      </div>
    </div>
  );
}
