import { addCalendarDays, type ClientTimelines, formatRange, todayIn } from '@pinpoint/contracts';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { pointsBetween } from '../timeline-rows';
import { TimelineChart } from './timeline-chart';

/** Periods a chart can show; the route keeps a line's newest 52 scans (a year of weeks). */
const SPANS = [
  { value: '90', label: 'Last 90 days', days: 90 },
  { value: '182', label: 'Last 6 months', days: 182 },
  { value: '365', label: 'Last 12 months', days: 365 },
  { value: 'all', label: 'All loaded scans', days: null },
] as const;
type Span = (typeof SPANS)[number]['value'];

/** The client-facing variant: one ATRP chart per settings line, within a chosen period. */
export function TimelineCharts({
  timelines,
  viewHref,
}: {
  timelines: ClientTimelines;
  viewHref?: (scanId: number) => string;
}) {
  const id = useId();
  const [span, setSpan] = useState<Span>('90');
  const days = SPANS.find((s) => s.value === span)?.days ?? null;
  const today = todayIn();
  const range = days === null ? null : { from: addCalendarDays(today, 1 - days), to: today };
  // Local days to instants: from the first day's midnight to the midnight after the last.
  const from = range ? new Date(`${range.from}T00:00:00`).toISOString() : null;
  const until = range ? new Date(`${addCalendarDays(range.to, 1)}T00:00:00`).toISOString() : null;

  if (timelines.groups.length === 0) {
    return <p className="text-body-secondary">There are no finished scans to chart yet.</p>;
  }
  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <Form.Group controlId={`${id}-span`} style={{ minWidth: 200 }}>
          <Form.Label className="small mb-1">Date range</Form.Label>
          <Form.Select value={span} onChange={(e) => setSpan(e.target.value as Span)}>
            {SPANS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <p className="small text-body-secondary mb-2" data-testid="timeline-range">
          {range ? `Showing ${formatRange(range)}` : 'Showing every loaded scan'}
        </p>
      </div>
      {timelines.groups.map((group) => (
        <section key={`${group.company_id}-${group.item_id}`} className="mb-3">
          <h2 className="h5">
            {group.item_id === null ? 'One-off scans' : 'Tracked keywords'}
            <span className="text-body-secondary fw-normal small"> · {group.location}</span>
          </h2>
          {group.lines.map((line) => (
            <TimelineChart
              key={line.display}
              title={line.display}
              points={pointsBetween(line.points, from, until)}
              viewHref={viewHref}
            />
          ))}
        </section>
      ))}
    </>
  );
}
