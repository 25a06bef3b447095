import { DEFAULT_SCAN_LINK_DAYS, SCAN_LINK_DAYS } from '@pinpoint/contracts';
import { ShareLinkCard } from '../../components/share-link-card';
import { formatDateTime } from '../../lib/format';
import { useCreateScanShareLink } from './api/scan-share-api';

/**
 * "Share this scan": anyone who has the link sees this one scan (grid, metrics, competitors)
 * without signing in, until it expires.
 */
export function ShareScanPanel({ scanId }: { scanId: number }) {
  const create = useCreateScanShareLink();
  return (
    <ShareLinkCard
      idPrefix={`scan-share-${scanId}`}
      title="Share this scan"
      description="Anyone with the link can see this scan's grid and metrics, without signing in, until it expires."
      dayOptions={SCAN_LINK_DAYS}
      defaultDays={DEFAULT_SCAN_LINK_DAYS}
      create={{
        mutate: (days, handlers) => create.mutate({ scanId, days }, handlers),
        isPending: create.isPending,
        error: create.error,
      }}
      formatExpiry={formatDateTime}
      expiryTestId="scan-share-expiry"
    />
  );
}
