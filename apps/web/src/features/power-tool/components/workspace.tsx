import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { useSalesData } from '../api/workspace-data';
import { CompetitorsTable } from './competitors-table';
import { ConvertPanel } from './convert-panel';
import { GridSetup } from './grid-setup';
import { GridsSection } from './grids-section';
import { ProspectChecks } from './prospect-checks';
import { RecommendationsPanel } from './recommendations-panel';
import { RunHistory } from './run-history';
import { SharePanel } from './share-panel';
import { WorkspaceHeader } from './workspace-header';

/**
 * One prospect workspace, top to bottom in the order a sale goes: who the business is, what
 * to measure, the grids as they run, what they show against competitors, the other checks,
 * the recommendations, then sharing the report and converting the prospect.
 */
export function Workspace({ containerId }: { containerId: number }) {
  const query = useSalesData(containerId);
  if (!query.data) return <WorkspaceState query={query} />;
  const { container, grids, competitors, recommendations } = query.data;
  const finished = grids.some((g) => g.status === 'done');
  return (
    <div data-testid="sales-workspace" aria-busy={query.isFetching}>
      <p className="small mb-2">
        <Link to={paths.dashboard.powerTool.href()}>← All workspaces</Link>
      </p>
      <WorkspaceHeader container={container} />
      {query.isError && (
        <LoadError
          what="The latest figures"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      <GridSetup key={container.id} container={container} />
      <GridsSection container={container} grids={grids} />
      <CompetitorsTable competitors={competitors} hasGrids={grids.length > 0} />
      <ProspectChecks container={container} />
      <RecommendationsPanel
        containerId={container.id}
        recommendations={recommendations}
        hasGrids={finished}
        won={container.stage === 'won'}
      />
      <SharePanel containerId={container.id} name={container.name} />
      <ConvertPanel container={container} />
      <RunHistory containerId={container.id} />
    </div>
  );
}

/** Before the first answer: loading, not found (or not the caller's), or failed. */
function WorkspaceState({ query }: { query: ReturnType<typeof useSalesData> }) {
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <Alert variant="warning">
          This workspace does not exist or is not one of yours.{' '}
          <Link to={paths.dashboard.powerTool.href()}>See your workspaces</Link>
        </Alert>
      );
    }
    return (
      <LoadError what="The workspace" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return <Loading what="the workspace" />;
}
