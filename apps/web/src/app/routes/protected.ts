import type { AuthResponse } from '@pinpoint/contracts';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { landingPath } from '../../config/landing';
import { paths } from '../../config/paths';
import { fetchCurrentSession, logout } from '../../features/auth/api/auth-api';
import { isSessionValid, sessionStore } from '../../lib/session-store';

/**
 * The check at every navigation into a protected area (SPEC §4): without a session the
 * visitor goes to /login (and comes back after); with an expired one, all local storage
 * is cleared, the server session ended, and the visitor goes to /login.
 */
async function currentAuth(request: Request): Promise<AuthResponse> {
  const url = new URL(request.url);
  const stored = await sessionStore.read();
  if (stored && !isSessionValid(stored)) {
    await logout().catch(() => {});
    throw redirect(paths.login.href());
  }
  // Storage may have been cleared while the server session lives on (another tab).
  const auth = stored ?? (await fetchCurrentSession());
  if (!auth) throw redirect(paths.login.href(url.pathname + url.search));
  return auth;
}

/** /dashboard/*: signed-in clients, employees and admins. A trial lead goes to /trial. */
export async function requireDashboard({ request }: LoaderFunctionArgs): Promise<AuthResponse> {
  const auth = await currentAuth(request);
  if (auth.session.lead) throw redirect(paths.trial.root.href());
  return auth;
}

/** /trial/*: trial leads only; anyone else goes to their dashboard. */
export async function requireTrial({ request }: LoaderFunctionArgs): Promise<AuthResponse> {
  const auth = await currentAuth(request);
  if (!auth.session.lead) throw redirect(paths.dashboard.root.href());
  return auth;
}

/** The /dashboard index: redirect by role (SPEC §2). */
export async function dashboardIndex(args: LoaderFunctionArgs) {
  const auth = await requireDashboard(args);
  return redirect(landingPath(auth.session));
}
