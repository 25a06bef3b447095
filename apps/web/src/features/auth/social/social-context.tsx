import type { SocialProviderName } from '@pinpoint/contracts';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

/** The person a provider reported, as it reported them. */
export interface SocialUser {
  name: string;
  email: string | null;
}

interface SocialContextValue {
  /** SPEC §4: null for each provider until that provider reports a user. */
  users: Record<SocialProviderName, SocialUser | null>;
  report(provider: SocialProviderName, user: SocialUser | null): void;
}

const SocialContext = createContext<SocialContextValue | null>(null);

export function SocialAuthProvider({ children }: { children: ReactNode }) {
  const [users, setUsers] = useState<SocialContextValue['users']>({ google: null, facebook: null });
  const value = useMemo<SocialContextValue>(
    () => ({
      users,
      report: (provider, user) => setUsers((current) => ({ ...current, [provider]: user })),
    }),
    [users],
  );
  return <SocialContext.Provider value={value}>{children}</SocialContext.Provider>;
}

export function useSocialAuth(): SocialContextValue {
  const value = useContext(SocialContext);
  if (!value) throw new Error('useSocialAuth needs a SocialAuthProvider');
  return value;
}
