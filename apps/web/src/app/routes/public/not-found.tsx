import Container from 'react-bootstrap/Container';
import { NotFoundContent } from '../../../components/not-found-content';
import { PublicHeader } from '../../../components/public-header';

function Component() {
  return (
    <>
      <PublicHeader />
      <Container as="main">
        <NotFoundContent />
      </Container>
    </>
  );
}

export { Component };
