import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ForgotPasswordForm } from '../../../features/account-emails/components/forgot-password-form';
import { AuthPage } from './auth-page';

/** /forgot-password: ask for a reset link by email (issue 20). */
function Component() {
  return (
    <AuthPage
      title="Forgot your password?"
      footer={
        <>
          Back to <Link to={paths.login.href()}>Log in</Link>.
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthPage>
  );
}

export { Component };
