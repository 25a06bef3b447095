import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import type { SignInNotice } from '../../../features/account-emails/components/account-link-form';
import { LoginForm } from '../../../features/auth/components/login-form';
import { AuthPage } from './auth-page';

/**
 * The social buttons bring the contract schemas (zod) and show nothing until the server
 * has said which providers are configured, so they load after the form is on screen. If
 * they cannot load, the page goes on without them, as when no provider is configured.
 */
const SocialSignIn = lazy(() =>
  import('../../../features/auth/social/social-sign-in').then(
    (module) => ({ default: module.SocialSignIn }),
    () => ({ default: () => null }),
  ),
);

function isNotice(value: unknown): value is SignInNotice {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SignInNotice).notice === 'string' &&
    typeof (value as SignInNotice).email === 'string'
  );
}

function Component() {
  // After an activation or a reset: what happened, and the account to sign in to.
  const state: unknown = useLocation().state;
  const notice = isNotice(state) ? state : null;
  return (
    <AuthPage
      title="Log in to Pinpoint"
      footer={
        <>
          New here? <Link to={paths.signup.href()}>Start a free trial</Link>.
        </>
      }
    >
      {notice && (
        <div className="alert alert-success" role="status">
          {notice.notice}
        </div>
      )}
      <LoginForm
        initialEmail={notice?.email}
        after={
          <Suspense fallback={null}>
            <SocialSignIn />
          </Suspense>
        }
      />
    </AuthPage>
  );
}

export { Component };
