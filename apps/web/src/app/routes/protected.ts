import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '../../config/paths';
import { isSessionValid, readSession } from '../../lib/session-store';

/**
 * Loader of every protected area (/dashboard, /trial): without a valid session the visitor
 * is sent to /login, which brings them back here after signing in.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const session = await readSession();
  if (!isSessionValid(session)) {
    const url = new URL(request.url);
    throw redirect(paths.login.href(url.pathname + url.search));
  }
  return session;
}
