import {
  type AuthResponse,
  type SessionClient,
  userClientsResponseSchema,
} from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { apiRequest } from './api-client';
import { sessionStore } from './session-store';

/** A client company the user may pick, as the top bar and the pages need it. */
export interface ClientChoice {
  id: number;
  name: string;
  label: string;
}

/**
 * SPEC §3 "client selection cache entry": which client the dashboard shows. It is kept in
 * the encrypted user state (its `clientId`, `index` and `client` fields), so it survives a
 * reload and goes with everything else at logout.
 */
export interface ClientSelection {
  clientId: number;
  index: number;
  client: SessionClient;
}

export interface SelectedClientValue {
  /** Every client the user may pick: memberships and assignments, or all for an admin. */
  clients: ClientChoice[];
  /** The client the pages show, or null when the user has none. */
  selected: ClientChoice | null;
  /** Position of `selected` in `clients` (SPEC §3 `index`). */
  index: number;
  /** True while an admin's list of all clients is loading. */
  loading: boolean;
  error: Error | null;
  select(clientId: number): void;
  /** The user is an employee or admin (staff-only controls; the server checks again). */
  staff: boolean;
}

const SelectedClientContext = createContext<SelectedClientValue | null>(null);

const fromSession = (client: SessionClient): ClientChoice => ({
  id: client.client_id,
  name: client.name,
  label: client.label,
});

/** Persists the selection into the stored user state; a failure only costs the memory of it. */
async function persistSelection(auth: AuthResponse, selection: ClientSelection): Promise<void> {
  const current = (await sessionStore.read()) ?? auth;
  await sessionStore.save({
    ...current,
    user: {
      ...current.user,
      clientId: selection.clientId,
      index: selection.index,
      client: selection.client,
      clientLabel: selection.client.label,
    },
  });
}

/**
 * Holds the selected client for the dashboard. Admins are linked to no company, so their
 * choices come from `/api/uni/user/clients` (all clients); everyone else's from the
 * session descriptor.
 */
export function SelectedClientProvider({
  auth,
  children,
}: {
  auth: AuthResponse;
  children: ReactNode;
}) {
  const admin = auth.session.admin;
  const all = useQuery({
    queryKey: ['user-clients'],
    queryFn: () => apiRequest('GET', '/api/uni/user/clients', userClientsResponseSchema),
    enabled: admin,
    staleTime: 5 * 60_000,
  });
  const clients = useMemo<ClientChoice[]>(
    () =>
      admin
        ? (all.data?.clients ?? []).map((c) => ({ id: c.id, name: c.name, label: c.label }))
        : auth.session.clients.map(fromSession),
    [admin, all.data, auth.session.clients],
  );
  const [chosenId, setChosenId] = useState<number | null>(
    () => auth.user.clientId ?? auth.session.client?.client_id ?? null,
  );

  // A stored choice the user may no longer pick falls back to their first client.
  const index = Math.max(
    0,
    clients.findIndex((c) => c.id === chosenId),
  );
  const selected = clients[index] ?? null;

  const select = useCallback(
    (clientId: number) => {
      const at = clients.findIndex((c) => c.id === clientId);
      const client = clients[at];
      if (!client) return;
      setChosenId(clientId);
      void persistSelection(auth, {
        clientId,
        index: at,
        client: { client_id: client.id, name: client.name, label: client.label },
      }).catch(() => {});
    },
    [auth, clients],
  );

  const value = useMemo<SelectedClientValue>(
    () => ({
      clients,
      selected,
      index,
      loading: admin && all.isLoading,
      error: all.error,
      select,
      staff: admin || auth.session.perm,
    }),
    [clients, selected, index, admin, all.isLoading, all.error, select, auth.session.perm],
  );
  return <SelectedClientContext.Provider value={value}>{children}</SelectedClientContext.Provider>;
}

/**
 * The dashboard's selected client. Pages put `selected.id` in their query keys, so a
 * switch in the top bar refetches what they show.
 */
export function useSelectedClient(): SelectedClientValue {
  const value = useContext(SelectedClientContext);
  if (!value) throw new Error('useSelectedClient needs the dashboard layout around it');
  return value;
}

/** Null outside the dashboard (the trial area has no client selection). */
export function useOptionalSelectedClient(): SelectedClientValue | null {
  return useContext(SelectedClientContext);
}
