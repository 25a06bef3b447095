import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { PublicHeader } from '../../../components/public-header';
import { paths } from '../../../config/paths';

/**
 * Log in and sign up are not built yet. Their pages say so plainly rather than showing a
 * form that cannot work.
 */
export function SignInUnavailable({ title }: { title: string }) {
  return (
    <>
      <PublicHeader />
      <Container as="main" className="py-5" style={{ maxWidth: 560 }}>
        <h1 className="h3 mb-3">{title}</h1>
        <Alert variant="info">
          Accounts are not available in this version of Pinpoint yet, so there is nothing to sign in
          to. <Link to={paths.home.href()}>Back to the home page</Link>.
        </Alert>
      </Container>
    </>
  );
}
