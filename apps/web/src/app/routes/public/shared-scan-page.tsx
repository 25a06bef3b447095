import Container from 'react-bootstrap/Container';
import { useSearchParams } from 'react-router';
import { PublicHeader } from '../../../components/public-header';
import { SharedScanView } from '../../../features/rank-share/components/shared-scan-view';

/**
 * /shared/scan: one rank grid scan, opened by a signed, expiring link made on the scan's
 * view page. No sign-in; the token is read from the address only.
 */
function Component() {
  const [params] = useSearchParams();
  return (
    <>
      <PublicHeader />
      <Container as="main" className="py-4" style={{ maxWidth: 900 }}>
        <SharedScanView token={params.get('token')} />
      </Container>
    </>
  );
}

export { Component };
