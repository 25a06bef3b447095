import { type AuthResponse, encodeId } from '@pinpoint/contracts';
import { useMemo } from 'react';
import { Outlet, useLoaderData } from 'react-router';
import { BillAlertBanner } from '../../../features/bill-alert/components/bill-alert-banner';
import { useClientProducts } from '../../../lib/api/client-products-api';
import { SelectedClientProvider, useSelectedClient } from '../../../lib/selected-client';
import { AppShell } from '../../app-shell';
import { dashboardNav } from '../../shell/nav-items';

/** Encodes each id once, so links stay the same from one render to the next. */
function useStableEncoder() {
  return useMemo(() => {
    const cache = new Map<number, string>();
    return (id: number) => {
      let encoded = cache.get(id);
      if (!encoded) {
        encoded = encodeId(id);
        cache.set(id, encoded);
      }
      return encoded;
    };
  }, []);
}

function DashboardFrame({ auth }: { auth: AuthResponse }) {
  const { selected } = useSelectedClient();
  const products = useClientProducts(selected?.id ?? null);
  const encode = useStableEncoder();
  const nav = dashboardNav({
    auth,
    client: selected ? { encodedId: encode(selected.id) } : null,
    products: products.data?.items ?? [],
    encode,
    hostname: window.location.hostname,
  });
  return (
    <AppShell auth={auth} nav={nav}>
      {selected && <BillAlertBanner key={selected.id} companyId={selected.id} />}
      <Outlet />
    </AppShell>
  );
}

/** The dashboard frame: the selected client (top bar switcher) for every page inside it. */
function Component() {
  const auth = useLoaderData() as AuthResponse;
  return (
    <SelectedClientProvider auth={auth}>
      <DashboardFrame auth={auth} />
    </SelectedClientProvider>
  );
}

export { Component };
