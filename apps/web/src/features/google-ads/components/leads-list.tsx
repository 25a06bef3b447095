import { type DayRange, formatInstantDateTime } from '@pinpoint/contracts';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { ScrollingTable } from '../../../components/scrolling-table';
import { formatCount } from '../../../lib/format';
import { useGoogleAdsLeads } from '../api/get-leads';
import { GOOGLE_ADS_PAGE_SIZE } from '../api/google-ads-request';
import { formatSeconds } from '../google-ads-format';

type Kind = 'call' | 'form';
const kindOf = (value: string): Kind | undefined =>
  value === 'call' || value === 'form' ? value : undefined;

/** The range's leads from the ads, calls and forms, newest first, filtered and paged. */
export function LeadsList({
  productId,
  range,
  timeZone,
}: {
  productId: number;
  range: DayRange;
  timeZone?: string;
}) {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<Kind | undefined>();
  const leads = useGoogleAdsLeads(productId, range, page, kind);
  const title = 'Leads';
  const pages = leads.data ? Math.max(1, Math.ceil(leads.data.total / GOOGLE_ADS_PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="gads-leads-title" className="mt-4">
      <h3 id="gads-leads-title" className="h6">
        {title}
      </h3>
      <Form.Group controlId="gads-lead-kind" className="mb-2" style={{ maxWidth: 220 }}>
        <Form.Label className="small mb-1">Lead type</Form.Label>
        <Form.Select
          size="sm"
          value={kind ?? ''}
          onChange={(e) => {
            setKind(kindOf(e.target.value));
            setPage(1);
          }}
        >
          <option value="">Calls and forms</option>
          <option value="call">Calls</option>
          <option value="form">Forms</option>
        </Form.Select>
      </Form.Group>
      {leads.isPending ? (
        <Loading what="the leads" />
      ) : leads.isError ? (
        <LoadError what="The leads" error={leads.error} onRetry={() => void leads.refetch()} />
      ) : (
        <>
          <p className="small text-body-secondary">
            {formatCount(leads.data.calls)} calls and {formatCount(leads.data.forms)} forms in this
            range.
          </p>
          {leads.data.rows.length === 0 ? (
            <p className="text-body-secondary">No leads of this type in this range.</p>
          ) : (
            <ScrollingTable label={title}>
              <Table size="sm" aria-label={title} aria-busy={leads.isFetching}>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Type</th>
                    <th scope="col">Campaign</th>
                    <th scope="col">Details</th>
                  </tr>
                </thead>
                <tbody>
                  {leads.data.rows.map((lead) => (
                    <tr key={lead.id} data-testid="gads-lead">
                      <th scope="row" className="fw-normal text-nowrap">
                        {formatInstantDateTime(lead.occurredAt, timeZone)}
                      </th>
                      <td>{lead.kind === 'call' ? 'Call' : 'Form'}</td>
                      <td>{lead.campaignName ?? '—'}</td>
                      <td className="small">
                        {lead.kind === 'call' ? (
                          <>
                            Area code {lead.callerAreaCode ?? 'unknown'}, length{' '}
                            {formatSeconds(lead.durationSeconds)}
                          </>
                        ) : (
                          (lead.formFields ?? []).map((f) => (
                            <span key={f.name} className="d-block">
                              {f.name}: {f.value}
                            </span>
                          ))
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </ScrollingTable>
          )}
          <Pager label="Lead pages" page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
