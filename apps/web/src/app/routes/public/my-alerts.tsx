import Container from 'react-bootstrap/Container';
import { useSearchParams } from 'react-router';
import { PublicHeader } from '../../../components/public-header';
import { SharedAlertsView } from '../../../features/alerts/components/shared-alerts-view';

/**
 * /my-alerts (SPEC §2, the legacy public alerts page): opened by a signed, expiring link
 * from /dashboard/my-alerts. No sign-in; the token is read from the address only.
 */
function Component() {
  const [params] = useSearchParams();
  return (
    <>
      <PublicHeader />
      <Container as="main" className="py-4" style={{ maxWidth: 760 }}>
        <SharedAlertsView token={params.get('token')} />
      </Container>
    </>
  );
}

export { Component };
