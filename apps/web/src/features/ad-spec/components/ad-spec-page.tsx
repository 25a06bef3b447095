import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { LoadError, Loading } from '../../../components/load-states';
import { adSpecKey, useAdSpec } from '../api/get-ad-spec';
import { AdSpecForm } from './ad-spec-form';
import { AdSpecHistory } from './ad-spec-history';
import { AdSpecView } from './ad-spec-view';

/**
 * The selected company's ad spec: read-only for the client, an edit form for staff, the
 * history for both. Staff also get the Facebook ads estimate for the spec's budget here.
 */
export function AdSpecPage({
  companyId,
  estimate,
}: {
  companyId: number;
  /** The Facebook ads estimator (the facebook-ads area's), given the spec's monthly budget. */
  estimate: (defaultBudgetCents: number | undefined) => ReactNode;
}) {
  const query = useAdSpec(companyId);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <Loading what="the ad spec" />;
  if (query.isError) {
    return (
      <LoadError what="The ad spec" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const { spec, canEdit, history, hasAdsProduct } = query.data;
  const done = () => {
    setEditing(false);
    void queryClient.invalidateQueries({ queryKey: adSpecKey(companyId) });
  };
  return (
    <>
      {!hasAdsProduct && (
        <Alert variant="secondary">This company has no running ads product.</Alert>
      )}
      <section aria-labelledby="ad-spec-title" className="mb-4">
        <div className="d-flex align-items-center gap-2 mb-2">
          <h2 id="ad-spec-title" className="h5 mb-0">
            Ad specification
          </h2>
          {canEdit && !editing && (
            <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)}>
              {spec ? 'Edit' : 'Write the ad spec'}
            </Button>
          )}
        </div>
        {!canEdit && (
          <p className="small text-body-secondary">
            Your agency keeps this up to date. To change something, ask them through a product's
            support form.
          </p>
        )}
        {editing ? (
          <AdSpecForm companyId={companyId} spec={spec} onDone={done} />
        ) : spec ? (
          <AdSpecView spec={spec} />
        ) : (
          <p className="text-body-secondary">No ad spec has been written for this company yet.</p>
        )}
      </section>
      {canEdit && estimate(spec?.monthlyBudgetCents)}
      <AdSpecHistory history={history} />
    </>
  );
}
