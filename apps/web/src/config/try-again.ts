import type { AuthResponse } from '@pinpoint/contracts';
import { paths } from './paths';

/**
 * SPEC §2: "Try again" goes to /dashboard when the user has a client id, to /trial when
 * the user is a lead, and otherwise to /.
 */
export function tryAgainPath(auth: AuthResponse | null): string {
  if (auth?.user.clientId != null) return paths.dashboard.root.href();
  if (auth?.session.lead) return paths.trial.root.href();
  return paths.home.href();
}
