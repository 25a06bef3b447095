import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { AccountLinkForm } from '../../../features/account-emails/components/account-link-form';
import { AuthPage } from './auth-page';

/** /activate?token=: an invited user chooses their first password (issue 20). */
function Component() {
  return (
    <AuthPage
      title="Activate your account"
      footer={
        <>
          Already activated? <Link to={paths.login.href()}>Log in</Link>.
        </>
      }
    >
      <AccountLinkForm purpose="activation" />
    </AuthPage>
  );
}

export { Component };
