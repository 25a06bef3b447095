import type { AuthResponse } from '@pinpoint/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { sessionStore } from '../../../lib/session-store';
import { useRealtimeConnection } from '../../../lib/use-realtime';
import { logout, socialLogout } from '../../auth/api/auth-api';
import { useSocialAuth } from '../../auth/social/social-context';

/**
 * What the account menu needs on a page outside the dashboard frame, and the tab's
 * realtime connection, which that frame (AppShell) would otherwise hold: the product page
 * must get support replies live. The sign-out steps are AppShell's, in the same order.
 */
export function useAccountActions(auth: AuthResponse) {
  const navigate = useNavigate();
  const social = useSocialAuth();
  const [signingOut, setSigningOut] = useState(false);
  const provider = auth.user.auth_type === 'password' ? null : auth.user.auth_type;

  // A sign-out elsewhere (another tab or device) ends this tab's session too.
  useRealtimeConnection(() => {
    void sessionStore.clear().finally(() => navigate(paths.login.href(), { replace: true }));
  });

  const signOut = async () => {
    setSigningOut(true);
    await logout().catch(() => {});
    navigate(paths.login.href(), { replace: true });
  };

  const signOutOfProvider = async () => {
    if (!provider) return;
    setSigningOut(true);
    social.report(provider, null);
    const ended = await socialLogout(provider).catch(() => false);
    if (ended) navigate(paths.login.href(), { replace: true });
    else setSigningOut(false);
  };

  return { provider, signingOut, signOut, signOutOfProvider };
}
