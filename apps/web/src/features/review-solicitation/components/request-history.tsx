import {
  addCalendarDays,
  type DayRange,
  formatInstantDateTime,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  SEND_TYPE_LABELS,
  SOLICITATION_CHANNEL_LABELS,
  SOLICITATION_CHANNELS,
  SOLICITATION_PAGE_SIZE,
  type SolicitationRequestItem,
  todayIn,
} from '@pinpoint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { FilterSelect, optionsOf } from '../../../components/filter-select';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { solicitationKey } from '../../../lib/solicitation-api';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { type RequestFilters, useSolicitationRequests } from '../api/get-requests';
import { useSolicitationStats } from '../api/get-stats';
import { STATUS_BADGES } from '../solicitation-format';
import { ConversionChart } from './conversion-chart';
import { RequestDrawer } from './request-drawer';
import { TotalsCards } from './totals-cards';

const PERIODS = [
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
] as const;

const when = (at: string | null) => (at ? formatInstantDateTime(at) : '–');

function Row({
  item,
  fresh,
  onOpen,
}: {
  item: SolicitationRequestItem;
  fresh: boolean;
  onOpen: () => void;
}) {
  return (
    <tr
      className={fresh ? 'table-info' : undefined}
      data-testid="request-row"
      data-request-id={item.id}
    >
      <td className="small">{formatInstantDateTime(item.createdAt)}</td>
      <td>
        <button type="button" className="btn btn-link p-0 text-start" onClick={onOpen}>
          {item.contactName}
        </button>
        <div className="small text-body-secondary">
          {[item.phone, item.email].filter(Boolean).join(' · ')}
        </div>
      </td>
      <td className="small">{SEND_TYPE_LABELS[item.sendType]}</td>
      <td>
        <span className={`badge ${STATUS_BADGES[item.status]}`} data-testid="request-status">
          {REQUEST_STATUS_LABELS[item.status]}
        </span>
        {item.failureReason && <div className="small text-danger">{item.failureReason}</div>}
      </td>
      <td className="small">{when(item.sentAt)}</td>
      <td className="small">{when(item.deliveredAt)}</td>
      <td className="small">{when(item.clickedAt)}</td>
      <td className="small">{when(item.reviewedAt)}</td>
    </tr>
  );
}

/**
 * "History": the period's totals and weekly conversion, the filtered and paged requests,
 * and a request's timeline in a drawer. A `solicitation.changed` event for this product
 * refreshes them, so statuses move on screen as messages go out, arrive and are clicked.
 */
export function RequestHistory({
  productId,
  timeZone,
  highlight,
}: {
  productId: number;
  /** The company's zone: the period's days and weeks are its days. */
  timeZone: string;
  /** A request just created from the form, shown marked. */
  highlight: number | null;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number>(90);
  const [filters, setFilters] = useState<RequestFilters>({ page: 1 });
  const [text, setText] = useState('');
  const [open, setOpen] = useState<SolicitationRequestItem | null>(null);
  const today = todayIn(timeZone);
  const range = useMemo<DayRange>(
    () => ({ from: addCalendarDays(today, -(days - 1)), to: today }),
    [today, days],
  );
  const stats = useSolicitationStats(productId, range, timeZone);
  const requests = useSolicitationRequests(productId, range, timeZone, filters);
  const change = (next: Partial<RequestFilters>) => setFilters((f) => ({ ...f, ...next, page: 1 }));
  useEffect(() => {
    const timer = setTimeout(() => {
      const q = text.trim() || undefined;
      setFilters((f) => (f.q === q ? f : { ...f, q, page: 1 }));
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  useRealtimeEvent('solicitation.changed', (event) => {
    if (event.productId !== productId) return;
    void queryClient.invalidateQueries({ queryKey: solicitationKey(productId) });
  });
  const data = requests.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SOLICITATION_PAGE_SIZE)) : 1;
  const filtered = Boolean(filters.status || filters.channel || filters.q);

  return (
    <section aria-labelledby={`${id}-title`} data-testid="request-history">
      <h2 id={`${id}-title`} className="h5 mb-3">
        History
      </h2>
      <div className="mb-3">
        <label htmlFor={`${id}-period`} className="form-label small mb-1">
          Period (days in {timeZone})
        </label>
        <select
          id={`${id}-period`}
          className="form-select form-select-sm w-auto"
          value={days}
          onChange={(e) => {
            setDays(Number(e.target.value));
            setFilters((f) => ({ ...f, page: 1 }));
          }}
        >
          {PERIODS.map((p) => (
            <option key={p.days} value={p.days}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      {stats.isPending ? (
        <Loading what="the totals" />
      ) : stats.isError ? (
        <LoadError what="The totals" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <TotalsCards totals={stats.data.totals} />
          <ConversionChart weeks={stats.data.weeks} />
        </>
      )}
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          allLabel="All statuses"
          value={filters.status}
          options={optionsOf(REQUEST_STATUSES, REQUEST_STATUS_LABELS)}
          onChange={(status) => change({ status: status ?? undefined })}
        />
        <div>
          <label htmlFor={`${id}-channel`} className="form-label small mb-1">
            Channel
          </label>
          <select
            id={`${id}-channel`}
            className="form-select form-select-sm"
            value={filters.channel ?? ''}
            onChange={(e) =>
              change({ channel: SOLICITATION_CHANNELS.find((c) => c === e.target.value) })
            }
          >
            <option value="">SMS and email</option>
            {SOLICITATION_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {SOLICITATION_CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-q`} className="form-label small mb-1">
            Search name, phone or email
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
      </div>
      {requests.isPending ? (
        <Loading what="the requests" />
      ) : requests.isError ? (
        <LoadError
          what="The requests"
          error={requests.error}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.items.length === 0 ? (
        <p className="text-body-secondary" data-testid="requests-empty">
          {filtered
            ? 'No requests match these filters in this period.'
            : 'No review requests in this period yet. Send one from the Send tab or upload a CSV.'}
        </p>
      ) : (
        <>
          <p className="small text-body-secondary" data-testid="requests-total">
            {requests.data.total.toLocaleString('en-US')}{' '}
            {requests.data.total === 1 ? 'request' : 'requests'}
          </p>
          <div className="table-responsive">
            <table
              className="table table-sm align-middle"
              aria-labelledby={`${id}-title`}
              aria-busy={requests.isFetching}
            >
              <thead>
                <tr>
                  <th scope="col">Asked</th>
                  <th scope="col">Customer</th>
                  <th scope="col">By</th>
                  <th scope="col">Status</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Delivered</th>
                  <th scope="col">Clicked</th>
                  <th scope="col">Reviewed</th>
                </tr>
              </thead>
              <tbody>
                {requests.data.items.map((item) => (
                  <Row
                    key={item.id}
                    item={item}
                    fresh={item.id === highlight}
                    onOpen={() => setOpen(item)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager
        label="Request pages"
        page={filters.page}
        pages={pages}
        onPage={(page) => setFilters((f) => ({ ...f, page }))}
      />
      <RequestDrawer
        productId={productId}
        requestId={open?.id ?? null}
        name={open?.contactName ?? ''}
        onClose={() => setOpen(null)}
      />
    </section>
  );
}
