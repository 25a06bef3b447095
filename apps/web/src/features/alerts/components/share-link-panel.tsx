import { ALERT_LINK_DAYS, DEFAULT_ALERT_LINK_DAYS } from '@pinpoint/contracts';
import { ShareLinkCard } from '../../../components/share-link-card';
import { useCreateShareLink } from '../api/alerts-api';
import { formatDateTime } from './alert-items';

/**
 * "Share a read-only link": anyone who has the link sees this company's alerts until it
 * expires, without signing in.
 */
export function ShareLinkPanel({ companyId }: { companyId: number }) {
  const create = useCreateShareLink();
  return (
    <ShareLinkCard
      idPrefix="share-link"
      title="Share a read-only link"
      description="Anyone with the link can see these alerts, without signing in, until it expires."
      dayOptions={ALERT_LINK_DAYS}
      defaultDays={DEFAULT_ALERT_LINK_DAYS}
      create={{
        mutate: (days, handlers) => create.mutate({ companyId, days }, handlers),
        isPending: create.isPending,
        error: create.error,
      }}
      formatExpiry={formatDateTime}
      expiryTestId="share-link-expiry"
    />
  );
}
