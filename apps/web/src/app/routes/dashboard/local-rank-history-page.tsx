import { decodeId } from '@pinpoint/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { SelectedCompanyPage } from '../../../components/company-gate';
import { paths } from '../../../config/paths';
import { useEncodedScanHref } from '../../../features/custom-rank/scan-view-href';
import { ScanHistoryScreen } from '../../../features/rank-history/components/scan-history-screen';
import { useSelectedClient } from '../../../lib/selected-client';

/**
 * `?client=<encoded id>` (from the staff lists) selects that client in the top bar when the
 * user may pick it; the page then shows the selected client as every client page does.
 */
function useClientFromAddress() {
  const [params] = useSearchParams();
  const { clients, selected, select } = useSelectedClient();
  const wanted = decodeId(params.get('client'));
  const pickable = wanted !== null && clients.some((c) => c.id === wanted);
  // Once per address: a later switch in the top bar wins over the link that opened the page.
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!pickable || wanted === null || applied.current === wanted) return;
    applied.current = wanted;
    if (selected?.id !== wanted) select(wanted);
  }, [pickable, wanted, selected?.id, select]);
}

/** /dashboard/local-rank-grid/history: the selected client's scans. */
function Component() {
  useClientFromAddress();
  const viewHref = useEncodedScanHref(paths.dashboard.localRankView.href);
  return (
    <SelectedCompanyPage title="Rank grid history">
      {(company) => (
        <ScanHistoryScreen key={company.id} companyId={company.id} viewHref={viewHref} />
      )}
    </SelectedCompanyPage>
  );
}

export { Component };
