import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { AccountLinkForm } from '../../../features/account-emails/components/account-link-form';
import { AuthPage } from './auth-page';

/** /reset-password?token=: a new password from the emailed link (issue 20). */
function Component() {
  return (
    <AuthPage
      title="Choose a new password"
      footer={
        <>
          Remembered it? <Link to={paths.login.href()}>Log in</Link>.
        </>
      }
    >
      <AccountLinkForm purpose="reset" />
    </AuthPage>
  );
}

export { Component };
