import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { SocialSignIn } from '../../../features/auth/social/social-sign-in';
import { AuthPage } from './auth-page';

function Component() {
  return (
    <AuthPage
      title="Start your free trial"
      footer={
        <>
          Already have an account? <Link to={paths.login.href()}>Log in</Link>.
        </>
      }
    >
      <SignupForm />
      <SocialSignIn />
    </AuthPage>
  );
}

export { Component };
