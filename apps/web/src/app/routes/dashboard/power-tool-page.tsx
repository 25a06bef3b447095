import { type AuthResponse, SALES_STAGES, type SalesStage } from '@pinpoint/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useMatches, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import {
  type ContainerFilters,
  ContainerList,
} from '../../../features/power-tool/components/container-list';
import { NewProspect } from '../../../features/power-tool/components/new-prospect';

/** The signed-in user, from the dashboard's own loader (it answers with the session). */
function useIsAdmin(): boolean {
  const dashboard = useMatches().find((m) => m.pathname === paths.dashboard.root.href());
  return Boolean((dashboard?.data as AuthResponse | undefined)?.session?.admin);
}

function readFilters(params: URLSearchParams, admin: boolean): ContainerFilters {
  const stage = params.get('stage');
  return {
    q: params.get('q')?.trim().slice(0, 120) ?? '',
    stage: SALES_STAGES.includes(stage as SalesStage) ? (stage as SalesStage) : null,
    owner: admin && params.get('owner') === 'all' ? 'all' : 'mine',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/**
 * /dashboard/employee/omg-power-tool: the employee's prospect workspaces (filters and page in
 * the address, so a reload or a shared link shows the same list) and "New prospect".
 */
function Component() {
  const admin = useIsAdmin();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, admin);
  const [searching, setSearching] = useState(false);

  const onChange = (next: ContainerFilters) => {
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.stage) query.set('stage', next.stage);
    if (next.owner === 'all') query.set('owner', 'all');
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };
  const start = () => {
    setSearching(true);
    // The search's first field takes the focus once it is shown.
    requestAnimationFrame(() => document.getElementById('custom-rank-query')?.focus());
  };

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-baseline justify-content-between mb-3">
        <h1 className="h3 mb-0">OMG power tool</h1>
        <Button
          variant={searching ? 'outline-secondary' : 'primary'}
          aria-expanded={searching}
          aria-controls="new-prospect-panel"
          onClick={() => (searching ? setSearching(false) : start())}
        >
          {searching ? 'Close the search' : 'New prospect'}
        </Button>
      </div>
      <div id="new-prospect-panel" hidden={!searching}>
        {searching && <NewProspect />}
      </div>
      <ContainerList
        // A new search text from the address (back, forward) resets the box.
        key={filters.q}
        filters={filters}
        admin={admin}
        onChange={onChange}
        onStart={start}
      />
    </section>
  );
}

export { Component };
