import Container from 'react-bootstrap/Container';
import { PublicHeader } from '../../../components/public-header';
import { StatusOverview } from '../../../features/status/components/status-overview';

/** /status: the public status page. No sign-in, and nothing about any client. */
function Component() {
  return (
    <>
      <PublicHeader />
      <Container as="main" className="py-4" style={{ maxWidth: 960 }}>
        <h1 className="h2 mb-3">Pinpoint status</h1>
        <StatusOverview />
      </Container>
    </>
  );
}

export { Component };
