import Container from 'react-bootstrap/Container';
import { useSearchParams } from 'react-router';
import { useProspectReport } from '../../../features/prospect-report/api/prospect-report-api';
import { ProspectReportView } from '../../../features/prospect-report/components/prospect-report-view';
import { ReportBrandHeader } from '../../../features/prospect-report/components/report-brand';

/**
 * /shared/prospect-report: the prospect report an employee shared, opened by a signed,
 * expiring link. No sign-in; the token is read from the address only. White label: the
 * agency's brand heads the page, not Pinpoint's.
 */
function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const query = useProspectReport(token);
  return (
    <>
      <ReportBrandHeader brand={query.data?.brand ?? null} />
      <Container as="main" className="py-4" style={{ maxWidth: 1100 }}>
        <ProspectReportView token={token} query={query} />
      </Container>
    </>
  );
}

export { Component };
