import { formatInstantDateTime, type WebsiteIncident } from '@pinpoint/contracts';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { Pager } from '../../../components/pager';
import { ScrollingTable } from '../../../components/scrolling-table';

const PAGE_SIZE = 10;

const CAUSES: Record<string, string> = {
  dns: 'Name did not resolve',
  timeout: 'No answer in time',
  refused: 'Connection refused',
  tls: 'TLS handshake failed',
  http_5xx: 'Server error',
  http_4xx: 'Page not found or refused',
  blocked: 'Private address refused',
  network: 'Connection failed',
};

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The range's incidents, newest first, ten to a page. */
export function IncidentsTable({
  incidents,
  timeZone,
}: {
  incidents: WebsiteIncident[];
  timeZone: string | undefined;
}) {
  const [page, setPage] = useState(1);
  if (incidents.length === 0) {
    return <p className="text-body-secondary small mb-0">No incidents in this range.</p>;
  }
  const pages = Math.ceil(incidents.length / PAGE_SIZE);
  const current = Math.min(page, pages);
  const shown = incidents.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return (
    <>
      <ScrollingTable label="Incidents">
        <Table size="sm" aria-label="Incidents" data-testid="website-incidents">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Ended</th>
              <th scope="col" className="text-end">
                Duration
              </th>
              <th scope="col">Cause</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((incident) => (
              <tr key={incident.id}>
                <th scope="row" className="fw-normal">
                  {formatInstantDateTime(incident.startedAt, timeZone)}
                </th>
                <td>
                  {incident.endedAt ? (
                    formatInstantDateTime(incident.endedAt, timeZone)
                  ) : (
                    <span className="badge text-bg-danger">Ongoing</span>
                  )}
                </td>
                <td className="text-end">{formatDuration(incident.durationMinutes)}</td>
                <td>
                  {CAUSES[incident.cause] ?? incident.cause}
                  {incident.statusCode !== null && ` (HTTP ${incident.statusCode})`}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollingTable>
      <Pager label="Incident pages" page={current} pages={pages} onPage={setPage} />
    </>
  );
}
