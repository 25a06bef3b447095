import {
  encodeId,
  SALES_STAGE_LABELS,
  SALES_STAGES,
  type SalesContainerListItem,
  type SalesStage,
} from '@pinpoint/contracts';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { formatRank } from '../../../components/rank-metrics';
import { ScrollingTable } from '../../../components/scrolling-table';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useContainerList } from '../api/containers';
import { StageBadge } from './stage-badge';

export interface ContainerFilters {
  q: string;
  stage: SalesStage | null;
  owner: 'mine' | 'all';
  page: number;
}

function Row({ item }: { item: SalesContainerListItem }) {
  return (
    <tr>
      <th scope="row" className="fw-normal text-break">
        <Link
          to={paths.dashboard.powerToolWorkspace.href(encodeId(item.id))}
          className="fw-semibold"
        >
          {item.name}
        </Link>
        {item.address && <div className="small text-body-secondary">{item.address}</div>}
      </th>
      <td>
        <StageBadge stage={item.stage} />
      </td>
      <td>{item.ownerName ?? '—'}</td>
      <td className="small">{item.keywords.join(', ') || '—'}</td>
      <td>{item.grids}</td>
      <td>{formatRank(item.latestAtrp)}</td>
      <td>{item.recommendations}</td>
      <td>
        <time dateTime={item.updatedAt}>{formatDate(item.updatedAt)}</time>
      </td>
    </tr>
  );
}

/**
 * The workspaces, newest change first: search text and stage (and, for admins, everyone's),
 * the filters kept by the caller (in the address), 20 a page.
 */
export function ContainerList({
  filters,
  admin,
  onChange,
  onStart,
}: {
  filters: ContainerFilters;
  admin: boolean;
  onChange: (next: ContainerFilters) => void;
  /** Opens the new-prospect search (the empty state's way in). */
  onStart: () => void;
}) {
  const [text, setText] = useState(filters.q);
  const list = useContainerList({
    q: filters.q || undefined,
    stage: filters.stage ?? undefined,
    owner: filters.owner,
    page: filters.page,
  });
  const filtered = filters.q !== '' || filters.stage !== null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, q: text.trim(), page: 1 });
  };

  let content: React.ReactNode;
  if (list.isPending) content = <Loading what="your workspaces" />;
  else if (list.isError) {
    content = (
      <LoadError what="The workspaces" error={list.error} onRetry={() => void list.refetch()} />
    );
  } else if (list.data.items.length === 0) {
    content = filtered ? (
      <p className="text-body-secondary" data-testid="power-tool-empty">
        No workspace matches these filters.{' '}
        <Button
          variant="link"
          className="p-0 align-baseline"
          onClick={() => {
            setText('');
            onChange({ ...filters, q: '', stage: null, page: 1 });
          }}
        >
          Clear the filters
        </Button>
      </p>
    ) : (
      <div className="text-body-secondary" data-testid="power-tool-empty">
        <p className="mb-2">
          No prospect workspaces yet. A workspace gathers everything you measure about one business
          you want to win: its rank grids over its top keywords, its listings, page speed and
          reviews, and the recommendations you share with it.
        </p>
        <p className="mb-0">
          <Button variant="link" className="p-0 align-baseline" onClick={onStart}>
            Start with “New prospect”
          </Button>
          : find the business near its city and pick it.
        </p>
      </div>
    );
  } else {
    const { items, page, pageSize, total } = list.data;
    content = (
      <div aria-busy={list.isFetching}>
        <ScrollingTable label="Prospect workspaces">
          <Table size="sm" className="align-middle" data-testid="power-tool-list">
            <caption className="caption-top">
              {total === 1 ? '1 workspace' : `${total} workspaces`}, latest change first
            </caption>
            <thead>
              <tr>
                <th scope="col">Business</th>
                <th scope="col">Stage</th>
                <th scope="col">Owner</th>
                <th scope="col">Keywords</th>
                <th scope="col">Grids</th>
                <th scope="col">
                  <abbr title="Average rank over all points of the latest grid">ATRP</abbr>
                </th>
                <th scope="col">Recommendations</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <Row key={item.id} item={item} />
              ))}
            </tbody>
          </Table>
        </ScrollingTable>
        <Pager
          label="Workspace pages"
          page={page}
          pages={Math.max(1, Math.ceil(total / pageSize))}
          onPage={(next) => onChange({ ...filters, page: next })}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="power-tool-list-title">
      <h2 id="power-tool-list-title" className="h5">
        {filters.owner === 'all' ? 'Every workspace' : 'Your workspaces'}
      </h2>
      <Form
        onSubmit={search}
        className="d-flex flex-wrap align-items-end gap-2 mb-3"
        aria-label="Filter the workspaces"
      >
        <Form.Group controlId="power-tool-q">
          <Form.Label className="small mb-1">Search</Form.Label>
          <Form.Control
            type="search"
            value={text}
            maxLength={120}
            placeholder="Business, address or keyword"
            onChange={(e) => setText(e.target.value)}
          />
        </Form.Group>
        <Form.Group controlId="power-tool-stage">
          <Form.Label className="small mb-1">Stage</Form.Label>
          <Form.Select
            value={filters.stage ?? ''}
            onChange={(e) =>
              onChange({
                ...filters,
                stage: (e.target.value || null) as SalesStage | null,
                page: 1,
              })
            }
          >
            <option value="">Every stage</option>
            {SALES_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {SALES_STAGE_LABELS[stage]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {admin && (
          <Form.Group controlId="power-tool-owner">
            <Form.Label className="small mb-1">Owner</Form.Label>
            <Form.Select
              value={filters.owner}
              onChange={(e) =>
                onChange({ ...filters, owner: e.target.value === 'all' ? 'all' : 'mine', page: 1 })
              }
            >
              <option value="mine">Mine</option>
              <option value="all">Everyone's</option>
            </Form.Select>
          </Form.Group>
        )}
        <Button type="submit" variant="outline-primary">
          Search
        </Button>
      </Form>
      {content}
    </section>
  );
}
