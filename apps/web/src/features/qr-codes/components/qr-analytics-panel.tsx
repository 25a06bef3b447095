import {
  addCalendarDays,
  type BstacQrCode,
  formatInstantDateTime,
  type QrAnalyticsRequest,
  type QrBreakdown,
  type QrCode,
  todayIn,
} from '@pinpoint/contracts';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { FilterSelect } from '../../../components/filter-select';
import { LoadError, Loading } from '../../../components/load-states';
import { useQrAnalytics } from '../api/qr-api';
import { QrScansChart } from './qr-scans-chart';

const RANGES = [
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
  { days: 548, label: 'Last 18 months' },
] as const;

function Breakdown({ title, items, empty }: { title: string; items: QrBreakdown; empty: string }) {
  const id = useId();
  const total = items.reduce((s, i) => s + i.scans, 0);
  return (
    <section className="col-md-6 col-xl-3" aria-labelledby={id}>
      <h3 id={id} className="h6">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="small text-body-secondary">{empty}</p>
      ) : (
        <table className="table table-sm small">
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col" className="text-end">
                Scans
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.label}>
                <th scope="row" className="fw-normal">
                  {item.label}
                </th>
                <td className="text-end">
                  {item.scans.toLocaleString()}{' '}
                  <span className="text-body-secondary">
                    ({Math.round((item.scans / total) * 100)}%)
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * Scans over a range: every code (ours and the vendor's), one source, or one code; the
 * day-by-day chart, unique visitors (unique per day), OS, browsers, devices, cities, places.
 */
export function QrAnalyticsPanel({
  productId,
  codes,
  vendorCodes,
  timeZone,
}: {
  productId: number;
  codes: QrCode[];
  vendorCodes: BstacQrCode[];
  timeZone: string;
}) {
  const id = useId();
  const [days, setDays] = useState<number>(90);
  const [scope, setScope] = useState('all');
  const to = todayIn(timeZone);
  const [source, codeId] = scope.split(':') as ['all' | 'ours' | 'vendor', string | undefined];
  const request: QrAnalyticsRequest = {
    from: addCalendarDays(to, -(days - 1)),
    to,
    tz: timeZone,
    source,
    ...(codeId && { codeId: Number(codeId) }),
  };
  const analytics = useQrAnalytics(productId, request);
  const data = analytics.data;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-5">
      <h2 id={`${id}-title`} className="h4">
        Scans
      </h2>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Form.Group controlId={`${id}-range`}>
          <Form.Label className="small mb-1">Period</Form.Label>
          <Form.Select size="sm" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {RANGES.map((r) => (
              <option key={r.days} value={r.days}>
                {r.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <FilterSelect
          id={`${id}-scope`}
          label="Codes"
          allLabel="All codes"
          value={scope === 'all' ? null : scope}
          options={[
            { value: 'ours', label: 'Codes made here' },
            ...codes.map((c) => ({ value: `ours:${c.id}`, label: c.name })),
            ...(vendorCodes.length > 0 ? [{ value: 'vendor', label: 'Codes in Uniqode' }] : []),
            ...vendorCodes.map((c) => ({ value: `vendor:${c.id}`, label: `${c.name} (Uniqode)` })),
          ]}
          onChange={(next) => setScope(next ?? 'all')}
        />
      </div>
      {analytics.isPending ? (
        <Loading what="the scans" />
      ) : analytics.isError ? (
        <LoadError what="The scans" error={analytics.error} onRetry={() => analytics.refetch()} />
      ) : data ? (
        <div aria-busy={analytics.isFetching}>
          <dl className="row mb-3" data-testid="qr-totals">
            <div className="col-auto">
              <dt className="small text-body-secondary fw-normal">Scans</dt>
              <dd className="fs-4 mb-0">{data.totals.scans.toLocaleString()}</dd>
            </div>
            <div className="col-auto">
              <dt className="small text-body-secondary fw-normal">Unique visitors (per day)</dt>
              <dd className="fs-4 mb-0">{data.totals.visitors.toLocaleString()}</dd>
            </div>
          </dl>
          {data.totals.scans === 0 ? (
            <p className="text-body-secondary">No scans in this period yet.</p>
          ) : (
            <>
              <QrScansChart days={data.days} />
              {data.vendorSyncedAt && (
                <p className="small text-body-secondary">
                  Operating systems count every scan; browsers and devices only the scans of codes
                  made here (Uniqode does not report them); cities and places come from Uniqode's
                  reports.
                </p>
              )}
              <div className="row g-4">
                <Breakdown title="Operating system" items={data.os} empty="No scans." />
                <Breakdown
                  title="Browser"
                  items={data.browsers}
                  empty="Not reported for Uniqode codes."
                />
                <Breakdown
                  title="Device"
                  items={data.devices}
                  empty="Not reported for Uniqode codes."
                />
                <Breakdown
                  title="City"
                  items={data.cities}
                  empty="Cities are not recorded for codes made here (no addresses are kept)."
                />
                <Breakdown
                  title="Place"
                  items={data.locations}
                  empty="Places come from Uniqode's location reports only."
                />
              </div>
            </>
          )}
          {data.vendorSyncedAt && (
            <p className="small text-body-secondary mb-0">
              Uniqode figures last synced {formatInstantDateTime(data.vendorSyncedAt, timeZone)}.
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}
