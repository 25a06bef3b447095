import { DevOutbox } from '../../../features/dev-outbox/components/dev-outbox';

/** /dashboard/dev-outbox: emails and texts kept instead of sent (employees and admins). */
function Component() {
  return <DevOutbox />;
}

export { Component };
