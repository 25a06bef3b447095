import type { AuthResponse } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useLoaderData } from 'react-router';
import { Loading } from '../../../components/load-states';
import { useAllClients } from '../../../features/alerts/api/alerts-api';
import { CompanyAlerts } from '../../../features/alerts/components/company-alerts';
import { ShareLinkPanel } from '../../../features/alerts/components/share-link-panel';
import { fetchCurrentSession } from '../../../features/auth/api/auth-api';
import { sessionStore } from '../../../lib/session-store';

interface Company {
  id: number;
  name: string;
}

/**
 * The dashboard layout's loader has checked the session; this one only reads the
 * descriptor it left, for the user's companies (null when there is none: the layout's
 * redirect to /login wins).
 */
export async function loader(): Promise<AuthResponse | null> {
  return (await sessionStore.read()) ?? (await fetchCurrentSession());
}

/** The user's companies: the descriptor's, or for an admin (who has none listed) all of them. */
function useCompanies(auth: AuthResponse | null) {
  const listed: Company[] = (auth?.session.clients ?? []).map((c) => ({
    id: c.client_id,
    name: c.name,
  }));
  const all = useAllClients(listed.length === 0 && Boolean(auth?.session.admin));
  if (listed.length > 0) return { companies: listed, pending: false, error: null };
  return {
    companies: (all.data?.clients ?? []).map((c) => ({ id: c.id, name: c.name })),
    pending: all.isLoading,
    error: all.error,
  };
}

/** /dashboard/my-alerts: a company's alerts, and a read-only link to share them. */
function Component() {
  const auth = useLoaderData() as AuthResponse | null;
  const { companies, pending, error } = useCompanies(auth);
  const [chosen, setChosen] = useState<number | null>(auth?.session.client?.client_id ?? null);
  const company = companies.find((c) => c.id === chosen) ?? companies[0] ?? null;

  return (
    <section>
      <h1 className="h3 mb-3">My alerts</h1>
      {pending && <Loading what="your companies" />}
      {error && <Alert variant="danger">Your companies could not be loaded: {error.message}</Alert>}
      {!pending && !error && !company && (
        <p className="text-body-secondary">
          There is no client company on your account, so there are no alerts to show.
        </p>
      )}
      {company && (
        <>
          {companies.length > 1 ? (
            <Form.Group controlId="alerts-company" className="mb-3" style={{ maxWidth: 420 }}>
              <Form.Label>Company</Form.Label>
              <Form.Select value={company.id} onChange={(e) => setChosen(Number(e.target.value))}>
                {companies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          ) : (
            <p className="text-body-secondary mb-3">{company.name}</p>
          )}
          {/* Keyed by company: a switch starts from page 1 and forgets the previous link. */}
          <CompanyAlerts key={`alerts-${company.id}`} companyId={company.id} />
          <ShareLinkPanel key={`share-${company.id}`} companyId={company.id} />
        </>
      )}
    </section>
  );
}

export { Component };
