import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
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

function Component() {
  return (
    <AuthPage
      title="Log in to Pinpoint"
      footer={
        <>
          New here? <Link to={paths.signup.href()}>Start a free trial</Link>.
        </>
      }
    >
      <LoginForm
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
