import { encodeId, formatInstantDay, type TopRankingList } from '@pinpoint/contracts';
import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { formatRank, formatSolv } from '../../../components/rank-metrics';
import { ScrollingTable } from '../../../components/scrolling-table';
import { paths } from '../../../config/paths';
import { useClientRecords, useTopRankings } from '../api/top-rankings-api';
import {
  filterRows,
  joinClients,
  optionsOf,
  type SortDirection,
  type SortKey,
  sortRows,
  type TopClientFilter,
} from '../top-clients-rows';

export const TOP_CLIENTS_PAGE_SIZE = 25;

const COLUMNS: { key: SortKey; label: string; numeric?: boolean; first: SortDirection }[] = [
  { key: 'rank', label: 'Rank', numeric: true, first: 'ascending' },
  { key: 'companyName', label: 'Client', first: 'ascending' },
  { key: 'atrp', label: 'ATRP', numeric: true, first: 'ascending' },
  { key: 'solv', label: 'SoLV', numeric: true, first: 'descending' },
  { key: 'keywords', label: 'Keywords', numeric: true, first: 'descending' },
  { key: 'latestScanAt', label: 'Latest scan', first: 'descending' },
];

/** The employee's clients on one top-rankings list, sortable, filterable and paged. */
export function TopClientsScreen({ list }: { list: TopRankingList }) {
  const rankings = useTopRankings(list);
  const records = useClientRecords();
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({
    key: 'rank',
    direction: 'ascending',
  });
  const [filter, setFilter] = useState<TopClientFilter>({ vertical: '', metro: '' });
  const [page, setPage] = useState(1);

  const rows = useMemo(
    () =>
      joinClients(
        rankings.data?.lists.find((l) => l.list === list)?.entries ?? [],
        records.data?.clients ?? [],
      ),
    [rankings.data, records.data, list],
  );
  const encoded = useMemo(
    () => new Map(rows.map((r) => [r.companyId, encodeId(r.companyId)])),
    [rows],
  );
  const shownRows = useMemo(
    () => sortRows(filterRows(rows, filter), sort.key, sort.direction),
    [rows, filter, sort],
  );

  if (rankings.isPending || records.isPending) return <Loading what="the ranking" />;
  const failed = rankings.error ?? records.error;
  if (failed) {
    return (
      <LoadError
        what="The ranking"
        error={failed}
        onRetry={() => {
          void rankings.refetch();
          void records.refetch();
        }}
      />
    );
  }
  if (rows.length === 0) {
    return <p className="text-body-secondary">None of your clients is on this list yet.</p>;
  }

  const pages = Math.max(1, Math.ceil(shownRows.length / TOP_CLIENTS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const pageRows = shownRows.slice(
    (current - 1) * TOP_CLIENTS_PAGE_SIZE,
    current * TOP_CLIENTS_PAGE_SIZE,
  );
  const setFilterField = (field: keyof TopClientFilter, value: string) => {
    setFilter((f) => ({ ...f, [field]: value }));
    setPage(1);
  };
  const filterSelect = (
    field: keyof TopClientFilter,
    label: string,
    all: string,
    options: string[],
  ) => (
    <Form.Group controlId={`top-${list}-${field}`} style={{ flex: '1 1 12rem', maxWidth: 280 }}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select value={filter[field]} onChange={(e) => setFilterField(field, e.target.value)}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );

  return (
    <>
      <Form
        className="d-flex flex-wrap gap-2 mb-2"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter clients"
      >
        {filterSelect(
          'vertical',
          'Vertical',
          'All verticals',
          optionsOf(rows, (r) => r.vertical),
        )}
        {filterSelect(
          'metro',
          'Metro',
          'All metros',
          optionsOf(rows, (r) => r.metro),
        )}
      </Form>
      <p className="small text-body-secondary" role="status">
        {shownRows.length} of {rows.length} clients
      </p>
      <ScrollingTable label="Ranked clients">
        <Table size="sm" className="align-middle" aria-label="Ranked clients">
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const active = sort.key === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? sort.direction : 'none'}
                    className={column.numeric ? 'text-end' : undefined}
                  >
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 fw-semibold text-body text-decoration-none"
                      onClick={() => {
                        setSort({
                          key: column.key,
                          direction: active
                            ? sort.direction === 'ascending'
                              ? 'descending'
                              : 'ascending'
                            : column.first,
                        });
                        setPage(1);
                      }}
                    >
                      {column.label}
                      <span aria-hidden="true">
                        {active ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ' ↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
              <th scope="col">Vertical</th>
              <th scope="col">Metro</th>
            </tr>
          </thead>
          <tbody>
            {pageRows.map((row) => (
              <tr key={row.companyId}>
                <td className="text-end">{row.rank}</td>
                <td>
                  <Link
                    to={paths.dashboard.localRankHistory.href(encoded.get(row.companyId))}
                    data-testid="top-client"
                  >
                    {row.companyName}
                  </Link>
                </td>
                <td className="text-end">{formatRank(row.atrp)}</td>
                <td className="text-end">{formatSolv(row.solv)}</td>
                <td className="text-end">{row.keywords}</td>
                <td className="text-nowrap">{formatInstantDay(row.latestScanAt)}</td>
                <td>{row.vertical ?? '—'}</td>
                <td>{row.metro ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollingTable>
      <Pager label="Ranking pages" page={current} pages={pages} onPage={setPage} />
    </>
  );
}
