import { type ClientTimelines, formatInstantDateTime } from '@pinpoint/contracts';
import { useMemo, useState } from 'react';
import Table from 'react-bootstrap/Table';
import { Pager } from '../../../components/pager';
import { formatRank } from '../../../components/rank-metrics';
import { ScrollingTable } from '../../../components/scrolling-table';
import { flattenRows, groupRows } from '../timeline-rows';

export const RAW_ROWS_PAGE_SIZE = 25;

const itemLabel = (itemId: number | null) =>
  itemId === null ? 'No item (one-off scans)' : `Item ${itemId}`;

/**
 * The dev hosts' variant (SPEC §2): the raw timeline rows as the route gives them, paged,
 * and their grouping (item, then keyword, size, radius) rebuilt from those rows, for
 * checking the data rather than reading a trend.
 */
export function TimelinesDataCheck({ timelines }: { timelines: ClientTimelines }) {
  const rows = useMemo(() => flattenRows(timelines.groups), [timelines]);
  const groups = useMemo(() => groupRows(rows), [rows]);
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / RAW_ROWS_PAGE_SIZE));
  const shown = rows.slice((page - 1) * RAW_ROWS_PAGE_SIZE, page * RAW_ROWS_PAGE_SIZE);

  if (rows.length === 0) {
    return (
      <p className="text-body-secondary">This client has no finished scans, so no timeline rows.</p>
    );
  }
  return (
    <>
      <section aria-labelledby="grouping-title" className="mb-4">
        <h2 id="grouping-title" className="h5">
          Grouping: by item, then keyword, size and radius
        </h2>
        <ScrollingTable label="Grouping">
          <Table size="sm" aria-labelledby="grouping-title">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Config</th>
                <th scope="col" className="text-end">
                  Points
                </th>
                <th scope="col">Oldest</th>
                <th scope="col">Newest</th>
                <th scope="col" className="text-end">
                  Latest ATRP
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.flatMap((group) =>
                group.configs.map((config) => (
                  <tr key={`${group.item_id}-${config.display}`} data-testid="timeline-config">
                    <td>{itemLabel(group.item_id)}</td>
                    <td>{config.display}</td>
                    <td className="text-end">{config.rows.length}</td>
                    <td>{formatInstantDateTime(config.rows.at(-1)?.date ?? '')}</td>
                    <td>{formatInstantDateTime(config.rows[0]?.date ?? '')}</td>
                    <td className="text-end">
                      {formatRank(config.rows[0]?.average_total_grid_rank)}
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </Table>
        </ScrollingTable>
      </section>
      <section aria-labelledby="raw-rows-title">
        <h2 id="raw-rows-title" className="h5">
          Raw timeline rows <span className="text-body-secondary fw-normal">({rows.length})</span>
        </h2>
        <ScrollingTable label="Raw timeline rows">
          <Table size="sm" className="small" aria-labelledby="raw-rows-title">
            <thead>
              <tr>
                <th scope="col">item_id</th>
                <th scope="col">keyword</th>
                <th scope="col">size</th>
                <th scope="col">radius</th>
                <th scope="col">date</th>
                <th scope="col">average_total_grid_rank</th>
                <th scope="col">company_name</th>
                <th scope="col">display</th>
                <th scope="col">location</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.scan_id}>
                  <td>{row.item_id ?? 'null'}</td>
                  <td>{row.keyword}</td>
                  <td>{row.size}</td>
                  <td>{row.radius}</td>
                  <td className="text-nowrap">{row.date}</td>
                  <td>{row.average_total_grid_rank ?? 'null'}</td>
                  <td>{row.company_name}</td>
                  <td>{row.display}</td>
                  <td>{row.location}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollingTable>
        <Pager label="Timeline row pages" page={page} pages={pages} onPage={setPage} />
      </section>
    </>
  );
}
