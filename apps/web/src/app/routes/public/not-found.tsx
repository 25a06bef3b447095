import Container from 'react-bootstrap/Container';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { PublicHeader } from '../../../components/public-header';
import { paths } from '../../../config/paths';

function Component() {
  const { pathname } = useLocation();
  return (
    <>
      <PublicHeader />
      <Container as="main" className="py-5 text-center">
        <p className="display-6 fw-bold text-body-secondary mb-2">404</p>
        <h1 className="h3">Page not found</h1>
        <p className="text-body-secondary">
          There is no page at <code>{pathname}</code>. It may have moved, or the link may be
          mistyped.
        </p>
        <ButtonLink to={paths.home.href()}>Go to the home page</ButtonLink>
      </Container>
    </>
  );
}

export { Component };
