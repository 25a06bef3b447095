import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SocialSignIn } from '../../../features/auth/social/social-sign-in';
import { AuthPage } from './auth-page';

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
      <LoginForm after={<SocialSignIn />} />
    </AuthPage>
  );
}

export { Component };
