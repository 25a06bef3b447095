import { type ClientTimelines, formatInstantDay } from '@pinpoint/contracts';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { formatRank } from '../../../components/rank-metrics';
import { ScrollingTable } from '../../../components/scrolling-table';
import { SPARKLINE_POINTS } from '../api/history-api';
import { Sparkline } from './sparkline';

/**
 * One row per settings line (keyword, size, radius, unit) with a sparkline of its recent
 * ATRP: lines of different settings are never drawn together (DECISIONS.md "Rank grids").
 * "Show data" reveals the sparklines' numbers as a table, their text alternative.
 */
export function SettingsTrends({
  timelines,
  keyword,
}: {
  timelines: ClientTimelines;
  keyword: string;
}) {
  const id = useId();
  const [showData, setShowData] = useState(false);
  const lines = timelines.groups
    .flatMap((group) =>
      group.lines.map((line) => ({ line, key: `${group.item_id}-${line.display}` })),
    )
    .filter(({ line }) => !keyword || line.keyword === keyword);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="settings-trends-title" className="mb-4">
      <h2 id="settings-trends-title" className="h5">
        Trend by settings
      </h2>
      <p className="small text-body-secondary mb-2">
        ATRP of the last {SPARKLINE_POINTS} finished scans of each settings, oldest on the left;
        higher on the line is better (a lower ATRP).
      </p>
      <ul className="list-unstyled mb-0" aria-label="Trend by settings">
        {lines.map(({ line, key }) => {
          // Points come newest first; the sparkline reads left to right in time.
          const values = [...line.points].reverse().map((p) => p.average_total_grid_rank);
          const latest = line.points[0]?.average_total_grid_rank ?? null;
          return (
            <li
              // Two items may both track one settings line.
              key={key}
              className="d-flex flex-wrap align-items-center gap-2 py-1 border-bottom"
            >
              <span className="text-body" style={{ minWidth: 0, flex: '1 1 12rem' }}>
                {line.display}
              </span>
              <Sparkline values={values} label={line.display} />
              <span className="small text-body-secondary">latest ATRP {formatRank(latest)}</span>
            </li>
          );
        })}
      </ul>
      <Button
        variant="link"
        size="sm"
        className="px-0"
        aria-expanded={showData}
        aria-controls={`${id}-data`}
        onClick={() => setShowData((shown) => !shown)}
      >
        {showData ? 'Hide data' : 'Show data'}
      </Button>
      <div id={`${id}-data`} hidden={!showData}>
        <ScrollingTable label="Trend by settings: data">
          <Table size="sm" aria-label="Trend by settings: data">
            <thead>
              <tr>
                <th scope="col">Settings</th>
                <th scope="col">Date</th>
                <th scope="col" className="text-end">
                  ATRP
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.flatMap(({ line, key }) =>
                [...line.points].reverse().map((point) => (
                  <tr key={`${key}-${point.scan_id}`}>
                    <th scope="row" className="fw-normal">
                      {line.display}
                    </th>
                    <td>{formatInstantDay(point.date)}</td>
                    <td className="text-end">{formatRank(point.average_total_grid_rank)}</td>
                  </tr>
                )),
              )}
            </tbody>
          </Table>
        </ScrollingTable>
      </div>
    </section>
  );
}
