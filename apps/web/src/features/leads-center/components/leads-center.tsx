import {
  type DayRange,
  formatInstantDateTime,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LEADS_PAGE_SIZE,
  type LeadItem,
} from '@pinpoint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { FilterSelect, optionsOf } from '../../../components/filter-select';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { formatCents } from '../../../lib/format';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { type LeadFilters, leadsExportUrl, leadsKey, useLeads } from '../api/get-leads';
import { formatLeadPhone } from '../leads-format';
import { AddLeadDrawer } from './add-lead-drawer';
import { LeadDrawer } from './lead-drawer';

const STATUS_BADGES: Record<string, string> = {
  new: 'text-bg-primary',
  contacted: 'text-bg-info',
  booked: 'text-bg-warning',
  won: 'text-bg-success',
  lost: 'text-bg-secondary',
};

/** The range's touches per source: what each source's own page counts. */
function SourceStrip({ counts }: { counts: Record<string, number> }) {
  return (
    <ul
      className="list-unstyled d-flex flex-wrap gap-2 mb-3"
      aria-label="Leads by source in this period"
      data-testid="leads-by-source"
    >
      {LEAD_SOURCES.map((s) => (
        <li key={s} className="border rounded px-3 py-2 small">
          <span className="text-body-secondary">{LEAD_SOURCE_LABELS[s]}</span>{' '}
          <strong className="ms-1">{(counts[s] ?? 0).toLocaleString('en-US')}</strong>
        </li>
      ))}
    </ul>
  );
}

function LeadRow({ lead, fresh, onOpen }: { lead: LeadItem; fresh: boolean; onOpen: () => void }) {
  const phone = formatLeadPhone(lead.phone);
  // The button names the lead (or its first contact); the line below lists the other contacts.
  const title = lead.name ?? (phone || lead.email || 'Unknown contact');
  const contacts = [phone, lead.email ?? ''].filter((c) => c && c !== title);
  return (
    <tr className={fresh ? 'table-info' : undefined} data-testid="lead-row">
      <td>{formatInstantDateTime(lead.firstTouchAt)}</td>
      <td>
        <button type="button" className="btn btn-link p-0 text-start" onClick={onOpen}>
          {title}
        </button>
        <div className="small text-body-secondary">{contacts.join(' · ')}</div>
      </td>
      <td className="small">
        {lead.sources.map((s) => LEAD_SOURCE_LABELS[s]).join(', ')}
        {lead.touchCount > 1 && (
          <span className="text-body-secondary"> ({lead.touchCount} touches)</span>
        )}
      </td>
      <td>
        <span className={`badge ${STATUS_BADGES[lead.status]}`}>
          {LEAD_STATUS_LABELS[lead.status]}
        </span>
      </td>
      <td className="text-end">{formatCents(lead.valueCents, '')}</td>
      <td className="small">{lead.repeat ? 'Repeat' : 'First-time'}</td>
    </tr>
  );
}

/**
 * The leads center of one company: counts by source for the range, filters (source,
 * status, text), the paged list, CSV export, leads added by hand, a lead's drawer, and new
 * leads arriving live (realtime `lead.arrived`: the list refreshes and says how many).
 */
export function LeadsCenter({
  companyId,
  range,
  timeZone,
}: {
  companyId: number;
  range: DayRange;
  timeZone?: string;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<LeadFilters>({ page: 1 });
  const [text, setText] = useState('');
  const [openLead, setOpenLead] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<number | null>(null);
  const [arrived, setArrived] = useState<{ count: number; ids: Set<number> }>({
    count: 0,
    ids: new Set(),
  });
  const leads = useLeads(companyId, range, timeZone, filters);
  const change = (next: Partial<LeadFilters>) => setFilters((f) => ({ ...f, ...next, page: 1 }));
  // The search waits for a pause in typing rather than asking on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((f) =>
        f.q === (text.trim() || undefined) ? f : { ...f, q: text.trim() || undefined, page: 1 },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  useRealtimeEvent('lead.arrived', (event) => {
    if (event.companyId !== companyId) return;
    void queryClient.invalidateQueries({ queryKey: leadsKey(companyId) });
    if (event.leadIds.length > 0) {
      setArrived((a) => ({
        count: a.count + event.leadIds.length,
        ids: new Set([...a.ids, ...event.leadIds]),
      }));
    }
  });
  const data = leads.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / LEADS_PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Leads
      </h2>
      {data && <SourceStrip counts={data.counts.bySource} />}
      {added !== null && (
        <p className="alert alert-success py-2" role="status" data-testid="lead-added">
          The lead was added.
        </p>
      )}
      {arrived.count > 0 && (
        <div
          className="alert alert-info d-flex align-items-center gap-2 py-2"
          role="status"
          data-testid="leads-arrived"
        >
          {arrived.count} new {arrived.count === 1 ? 'lead' : 'leads'} arrived.
          <button
            type="button"
            className="btn btn-sm btn-outline-primary ms-auto"
            onClick={() => setArrived({ count: 0, ids: new Set() })}
          >
            Dismiss
          </button>
        </div>
      )}
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <FilterSelect
          id={`${id}-source`}
          label="Source"
          allLabel="All sources"
          value={filters.source}
          options={optionsOf(LEAD_SOURCES, LEAD_SOURCE_LABELS)}
          onChange={(source) => change({ source: source ?? undefined })}
        />
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          allLabel="All statuses"
          value={filters.status}
          options={optionsOf(LEAD_STATUSES, LEAD_STATUS_LABELS)}
          onChange={(status) => change({ status: status ?? undefined })}
        />
        <div>
          <label htmlFor={`${id}-q`} className="form-label small mb-1">
            Search name, phone, email or note
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="form-control form-control-sm"
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="ms-auto d-flex gap-2">
          <a
            className="btn btn-sm btn-outline-secondary"
            href={leadsExportUrl(companyId, range, timeZone, filters)}
            download
          >
            Export CSV
          </a>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setAdding(true)}>
            Add lead
          </button>
        </div>
      </div>
      {leads.isPending ? (
        <Loading what="the leads" />
      ) : leads.isError ? (
        <LoadError what="The leads" error={leads.error} onRetry={() => void leads.refetch()} />
      ) : leads.data.items.length === 0 ? (
        <p className="text-body-secondary" data-testid="leads-empty">
          {filters.source || filters.status || filters.q
            ? 'No leads match these filters in this period.'
            : 'No leads in this period yet. Calls, forms and ad leads show here as they come in; you can also add one by hand.'}
        </p>
      ) : (
        <>
          <p className="small text-body-secondary" role="status" data-testid="leads-total">
            {leads.data.total.toLocaleString('en-US')} {leads.data.total === 1 ? 'lead' : 'leads'}
            {leads.data.lastIngestedAt &&
              ` · sources read ${formatInstantDateTime(leads.data.lastIngestedAt)}`}
          </p>
          <div className="table-responsive">
            <table
              className="table table-sm align-middle"
              aria-labelledby={`${id}-title`}
              aria-busy={leads.isFetching}
              data-testid="leads-table"
            >
              <thead>
                <tr>
                  <th scope="col">First contact</th>
                  <th scope="col">Contact</th>
                  <th scope="col">Sources</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="text-end">
                    Value
                  </th>
                  <th scope="col">Customer</th>
                </tr>
              </thead>
              <tbody>
                {leads.data.items.map((lead) => (
                  <LeadRow
                    key={lead.id}
                    lead={lead}
                    fresh={arrived.ids.has(lead.id) || lead.id === added}
                    onOpen={() => setOpenLead(lead.id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager
        label="Lead pages"
        page={filters.page}
        pages={pages}
        onPage={(page) => setFilters((f) => ({ ...f, page }))}
      />
      <LeadDrawer companyId={companyId} leadId={openLead} onClose={() => setOpenLead(null)} />
      <AddLeadDrawer
        companyId={companyId}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(leadId) => {
          setAdding(false);
          setAdded(leadId);
        }}
      />
    </section>
  );
}
