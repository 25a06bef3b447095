import {
  type DayRange,
  formatInstantDateTime,
  LSA_LEAD_STATUSES,
  LSA_LEAD_TYPES,
  type LsaLead,
} from '@pinpoint/contracts';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { FilterSelect, optionsOf } from '../../../components/filter-select';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { RecordingPlayer } from '../../../components/recording-player';
import { downloadRecording } from '../api/download-recording';
import { LSA_LEADS_PAGE_SIZE, type LsaLeadFilters, useLsaLeads } from '../api/get-lsa-leads';
import { disputeLabel, formatDuration, leadStatusLabel, leadTypeLabel } from '../lsa-format';

function LeadRecording({
  productId,
  lead,
  timeZone,
}: {
  productId: number;
  lead: LsaLead;
  timeZone?: string;
}) {
  const call = lead.conversations.find((c) => c.hasRecording);
  if (!call) return <span className="text-body-secondary small">No recording</span>;
  const who = lead.consumerName ?? 'a customer';
  return (
    <div>
      <RecordingPlayer
        load={() => downloadRecording(productId, lead.id, call.id)}
        label={`Call from ${who} on ${formatInstantDateTime(lead.createdAt, timeZone)}`}
        testId="lsa-recording"
      />
      <span className="small text-body-secondary">
        Call length {formatDuration(call.callDurationMs)}
      </span>
    </div>
  );
}

/** The range's leads with Google's type, status, charge and dispute, filtered and paged. */
export function LsaLeadsTable({
  productId,
  range,
  timeZone,
}: {
  productId: number;
  range: DayRange;
  timeZone?: string;
}) {
  const [filters, setFilters] = useState<LsaLeadFilters>({ page: 1 });
  const leads = useLsaLeads(productId, range, timeZone, filters);
  const change = (next: Partial<LsaLeadFilters>) => setFilters((f) => ({ ...f, ...next, page: 1 }));
  const pages = leads.data ? Math.max(1, Math.ceil(leads.data.total / LSA_LEADS_PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="lsa-leads-title" className="mt-4">
      <h3 id="lsa-leads-title" className="h6">
        Lead list
      </h3>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <FilterSelect
          id="lsa-filter-type"
          label="Type"
          allLabel="All types"
          value={filters.type}
          options={optionsOf(LSA_LEAD_TYPES, leadTypeLabel)}
          onChange={(type) => change({ type: type ?? undefined })}
        />
        <FilterSelect
          id="lsa-filter-status"
          label="Status"
          allLabel="All statuses"
          value={filters.status}
          options={optionsOf(LSA_LEAD_STATUSES, leadStatusLabel)}
          onChange={(status) => change({ status: status ?? undefined })}
        />
        <Form.Group controlId="lsa-filter-charged">
          <Form.Label className="small mb-1">Charge</Form.Label>
          <Form.Select
            size="sm"
            value={filters.charged ?? ''}
            onChange={(e) =>
              change({
                charged:
                  e.target.value === 'yes' || e.target.value === 'no' ? e.target.value : undefined,
              })
            }
          >
            <option value="">Charged or not</option>
            <option value="yes">Charged</option>
            <option value="no">Not charged</option>
          </Form.Select>
        </Form.Group>
      </div>
      {leads.isPending ? (
        <Loading what="the leads" />
      ) : leads.isError ? (
        <LoadError what="The leads" error={leads.error} onRetry={() => void leads.refetch()} />
      ) : leads.data.items.length === 0 ? (
        <p className="text-body-secondary">No leads match in this period.</p>
      ) : (
        <>
          <p className="small text-body-secondary" role="status">
            {leads.data.total} {leads.data.total === 1 ? 'lead' : 'leads'}
          </p>
          <div className="table-responsive">
            <Table
              size="sm"
              className="align-middle"
              aria-busy={leads.isFetching}
              data-testid="lsa-leads"
            >
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Type</th>
                  <th scope="col">Service</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Status</th>
                  <th scope="col">Charge</th>
                  <th scope="col">Dispute</th>
                  <th scope="col">Recording</th>
                </tr>
              </thead>
              <tbody>
                {leads.data.items.map((lead) => (
                  <tr key={lead.id} data-testid="lsa-lead">
                    <td>{formatInstantDateTime(lead.createdAt, timeZone)}</td>
                    <td>{leadTypeLabel(lead.type)}</td>
                    <td>{lead.category}</td>
                    <td>
                      {lead.consumerName ?? 'Unknown'}
                      {lead.consumerPhone && (
                        <div className="small text-body-secondary">{lead.consumerPhone}</div>
                      )}
                    </td>
                    <td>{leadStatusLabel(lead.status)}</td>
                    <td>{lead.charged ? 'Charged' : 'Not charged'}</td>
                    <td>{disputeLabel(lead.creditState)}</td>
                    <td>
                      <LeadRecording productId={productId} lead={lead} timeZone={timeZone} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <Pager
            label="Lead pages"
            page={filters.page}
            pages={pages}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </>
      )}
    </section>
  );
}
