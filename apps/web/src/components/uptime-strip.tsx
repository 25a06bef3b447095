import type { UptimeDay } from '@pinpoint/contracts';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ScrollingTable } from './scrolling-table';
import './uptime-strip.css';

/** `YYYY-MM-DD` (a UTC day) as MM/dd/yyyy, the product's date format. */
export function formatDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}

export function formatPercent(value: number): string {
  return `${value.toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** A day's colour class: grey when nothing was measured, never green by default. */
function dayClass(day: UptimeDay): string {
  if (day.uptimePercent === null) return 'pp-uptime-none';
  if (day.uptimePercent >= 99.9) return 'pp-uptime-full';
  if (day.uptimePercent >= 99) return 'pp-uptime-minor';
  if (day.uptimePercent >= 95) return 'pp-uptime-major';
  return 'pp-uptime-outage';
}

function dayTitle(day: UptimeDay): string {
  if (day.uptimePercent === null) return `${formatDay(day.date)}: no data`;
  const problems = [
    day.down > 0 && `${day.down} min down`,
    day.degraded > 0 && `${day.degraded} min degraded`,
  ].filter(Boolean);
  return `${formatDay(day.date)}: ${formatPercent(day.uptimePercent)} uptime${
    problems.length > 0 ? ` (${problems.join(', ')})` : ''
  }`;
}

/**
 * One bar per day, oldest on the left. Each bar's title gives its date and uptime for
 * mouse users; the strip's label sums it up for screen readers, and "Show data" lists
 * every day in a table (newest first), the strip's text alternative.
 */
export function UptimeStrip({ label, days }: { label: string; days: UptimeDay[] }) {
  const id = useId();
  const [showData, setShowData] = useState(false);
  const measured = days.filter((d) => d.uptimePercent !== null);
  const withOutage = measured.filter((d) => d.down > 0).length;
  const summary =
    measured.length === 0
      ? `${label}: no uptime data for the last ${days.length} days`
      : `${label}: daily uptime for the last ${days.length} days, ${measured.length} with data, ${withOutage} with downtime`;
  return (
    <div>
      <div className="pp-uptime-strip" role="img" aria-label={summary}>
        {days.map((day) => (
          <span key={day.date} className={dayClass(day)} title={dayTitle(day)} />
        ))}
      </div>
      <div className="d-flex justify-content-between small text-body-secondary mt-1">
        <span>{days.length} days ago</span>
        <span>Today</span>
      </div>
      <Button
        variant="link"
        size="sm"
        className="px-0"
        aria-expanded={showData}
        aria-controls={`${id}-data`}
        onClick={() => setShowData((shown) => !shown)}
      >
        {showData ? 'Hide data' : 'Show data'}
        {/* Each component has one: the name says whose. */}
        <span className="visually-hidden"> of {label}</span>
      </Button>
      <div id={`${id}-data`} hidden={!showData}>
        {/* Built on demand: 90 rows per component would otherwise weigh on every visit. */}
        {showData && (
          <ScrollingTable label={`${label}: data`}>
            <Table size="sm" aria-label={`${label}: data`}>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col" className="text-end">
                    Uptime
                  </th>
                  <th scope="col" className="text-end">
                    Down (min)
                  </th>
                  <th scope="col" className="text-end">
                    Degraded (min)
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...days].reverse().map((day) => (
                  <tr key={day.date}>
                    <td>{formatDay(day.date)}</td>
                    <td className="text-end">
                      {day.uptimePercent === null ? 'No data' : formatPercent(day.uptimePercent)}
                    </td>
                    <td className="text-end">{day.uptimePercent === null ? '—' : day.down}</td>
                    <td className="text-end">{day.uptimePercent === null ? '—' : day.degraded}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </ScrollingTable>
        )}
      </div>
    </div>
  );
}

/** What the bar colours mean, once for the page. */
export function UptimeLegend() {
  const keys = [
    ['pp-uptime-full', '99.9% or more'],
    ['pp-uptime-minor', '99–99.9%'],
    ['pp-uptime-major', '95–99%'],
    ['pp-uptime-outage', 'under 95%'],
    ['pp-uptime-none', 'no data'],
  ];
  return (
    <ul className="list-inline small text-body-secondary mb-0" aria-label="Uptime colours">
      {keys.map(([className, text]) => (
        <li key={text} className="list-inline-item me-3">
          <span className={`pp-uptime-key ${className}`} aria-hidden="true" /> {text}
        </li>
      ))}
    </ul>
  );
}
