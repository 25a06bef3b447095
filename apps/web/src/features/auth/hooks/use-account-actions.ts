import type { AuthResponse } from '@pinpoint/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { sessionStore } from '../../../lib/session-store';
import { useRealtimeConnection } from '../../../lib/use-realtime';
import { logout, socialLogout } from '../api/auth-api';
import { useSocialAuth } from '../social/social-context';

/**
 * What the account menu needs (sign out, sign out of the social provider), and the tab's
 * one realtime connection, for a signed-in frame: AppShell, and the product page that
 * stands outside it but must get support replies live.
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
