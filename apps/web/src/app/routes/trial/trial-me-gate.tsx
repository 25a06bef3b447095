import type { TrialMe } from '@pinpoint/contracts';
import type { ReactNode } from 'react';
import { LoadError, Loading } from '../../../components/load-states';
import { useTrialMe } from '../../../features/trial/api/get-trial-me';

/** Renders `children` with the lead's own record once it is loaded (loading and error states). */
export function TrialMeGate({ children }: { children: (me: TrialMe) => ReactNode }) {
  const me = useTrialMe();
  if (me.isPending) return <Loading what="your trial" />;
  if (me.isError) {
    return <LoadError what="Your trial" error={me.error} onRetry={() => void me.refetch()} />;
  }
  return <>{children(me.data)}</>;
}
