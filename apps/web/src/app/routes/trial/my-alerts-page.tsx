import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { CompanyAlerts } from '../../../features/alerts/components/company-alerts';
import { TrialMeGate } from './trial-me-gate';

/** /trial/my-alerts: the alerts of the lead's trial company (grid changes between scans). */
function Component() {
  return (
    <section>
      <h1 className="h3 mb-3">My alerts</h1>
      <TrialMeGate>
        {(me) =>
          me.trialCompanyId === null ? (
            <p className="text-body-secondary">
              No alerts yet: alerts tell you when your grid changes between two scans of the same
              keyword. <Link to={paths.trial.live.href()}>Run your first scan</Link>.
            </p>
          ) : (
            <CompanyAlerts companyId={me.trialCompanyId} />
          )
        }
      </TrialMeGate>
    </section>
  );
}

export { Component };
