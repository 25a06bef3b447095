import {
  CALL_STATUS_LABELS,
  CALL_STATUSES,
  type CallStatus,
  type DayRange,
  formatInstantDateTime,
} from '@pinpoint/contracts';
import { useEffect, useId, useState } from 'react';
import { FilterSelect, optionsOf } from '../../../components/filter-select';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { RecordingPlayer } from '../../../components/recording-player';
import { formatCount, formatMinutesSeconds } from '../../../lib/format';
import { downloadCallRecording } from '../api/download-call-recording';
import { CALLS_PAGE_SIZE, type CallFilters, useCtmCalls } from '../api/get-ctm';
import { formatPhone } from '../calls-format';

const STATUS_BADGES: Record<CallStatus, string> = {
  answered: 'text-bg-success',
  missed: 'text-bg-danger',
  voicemail: 'text-bg-warning',
};

/** The range's calls with source, outcome, caller and recording, filtered and paged. */
export function CallsTable({
  productId,
  range,
  timeZone,
}: {
  productId: number;
  range: DayRange;
  timeZone?: string;
}) {
  const id = useId();
  const [filters, setFilters] = useState<CallFilters>({ page: 1 });
  const [text, setText] = useState('');
  const calls = useCtmCalls(productId, range, timeZone, filters);
  const change = (next: Partial<CallFilters>) => setFilters((f) => ({ ...f, ...next, page: 1 }));
  // The search waits for a pause in typing rather than asking on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((f) =>
        f.q === (text.trim() || undefined) ? f : { ...f, q: text.trim() || undefined, page: 1 },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  const pages = calls.data ? Math.max(1, Math.ceil(calls.data.total / CALLS_PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4">
      <h3 id={`${id}-title`} className="h6">
        Call list
      </h3>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <FilterSelect
          id={`${id}-source`}
          label="Source"
          allLabel="All sources"
          value={filters.source}
          options={optionsOf(calls.data?.sources ?? [])}
          onChange={(source) => change({ source: source ?? undefined })}
        />
        <FilterSelect
          id={`${id}-status`}
          label="Outcome"
          allLabel="All outcomes"
          value={filters.status}
          options={optionsOf(CALL_STATUSES, CALL_STATUS_LABELS)}
          onChange={(status) => change({ status: status ?? undefined })}
        />
        <div>
          <label htmlFor={`${id}-first`} className="form-label small mb-1">
            Caller
          </label>
          <select
            id={`${id}-first`}
            className="form-select form-select-sm"
            value={filters.firstTime ?? ''}
            onChange={(e) =>
              change({
                firstTime:
                  e.target.value === 'yes' || e.target.value === 'no' ? e.target.value : undefined,
              })
            }
          >
            <option value="">New and repeat</option>
            <option value="yes">First-time callers</option>
            <option value="no">Repeat callers</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-q`} className="form-label small mb-1">
            Search number or city
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
      {calls.isPending ? (
        <Loading what="the calls" />
      ) : calls.isError ? (
        <LoadError what="The calls" error={calls.error} onRetry={() => void calls.refetch()} />
      ) : calls.data.items.length === 0 ? (
        <p className="text-body-secondary">No calls match in this period.</p>
      ) : (
        <>
          <p className="small text-body-secondary" role="status">
            {formatCount(calls.data.total)} {calls.data.total === 1 ? 'call' : 'calls'}
          </p>
          <div className="table-responsive">
            <table
              className="table table-sm align-middle"
              aria-labelledby={`${id}-title`}
              aria-busy={calls.isFetching}
              data-testid="ctm-calls"
            >
              <thead>
                <tr>
                  <th scope="col">Called</th>
                  <th scope="col">Caller</th>
                  <th scope="col">Source</th>
                  <th scope="col">Outcome</th>
                  <th scope="col" className="text-end">
                    Length
                  </th>
                  <th scope="col">Recording</th>
                </tr>
              </thead>
              <tbody>
                {calls.data.items.map((call) => {
                  const when = formatInstantDateTime(call.calledAt, timeZone);
                  return (
                    <tr key={call.id} data-testid="ctm-call">
                      <td>{when}</td>
                      <td>
                        {formatPhone(call.callerNumber)}
                        {call.firstTime && (
                          <span className="badge text-bg-info ms-2">First call</span>
                        )}
                        {(call.callerCity || call.callerState) && (
                          <div className="small text-body-secondary">
                            {[call.callerCity, call.callerState].filter(Boolean).join(', ')}
                          </div>
                        )}
                      </td>
                      <td>
                        {call.source}
                        {call.trackingNumberName && (
                          <div className="small text-body-secondary">{call.trackingNumberName}</div>
                        )}
                      </td>
                      <td>
                        <span
                          className={`badge ${STATUS_BADGES[call.status]}`}
                          data-testid="ctm-call-status"
                        >
                          {CALL_STATUS_LABELS[call.status]}
                        </span>
                      </td>
                      <td className="text-end">{formatMinutesSeconds(call.durationSeconds)}</td>
                      <td>
                        {call.hasRecording ? (
                          <RecordingPlayer
                            load={() => downloadCallRecording(productId, call.id)}
                            label={`Call from ${formatPhone(call.callerNumber)} on ${when}`}
                            testId="ctm-recording"
                          />
                        ) : (
                          <span className="small text-body-secondary">No recording</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            label="Call pages"
            page={filters.page}
            pages={pages}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </>
      )}
    </section>
  );
}
