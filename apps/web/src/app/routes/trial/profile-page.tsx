import { TrialProfile } from '../../../features/trial/components/trial-profile';
import { TrialMeGate } from './trial-me-gate';

/** /trial/profile: the lead's own details. */
function Component() {
  return (
    <section>
      <h1 className="h3 mb-3">Your profile</h1>
      <TrialMeGate>{(me) => <TrialProfile me={me} />}</TrialMeGate>
    </section>
  );
}

export { Component };
