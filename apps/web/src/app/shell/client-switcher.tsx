import { encodeId } from '@pinpoint/contracts';
import Form from 'react-bootstrap/Form';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import type { SelectedClientValue } from '../../lib/selected-client';

/**
 * Where to go after a switch when the current page names one object of the previous
 * client in its path (its profile, overview or a product): the new client's equivalent.
 * Pages without ids stay put and refetch for the new client.
 */
export function pathAfterSwitch(pathname: string, clientId: number): string | null {
  if (pathname.startsWith('/dashboard/profile/')) {
    return paths.dashboard.profile.href(encodeId(clientId));
  }
  if (pathname.startsWith('/dashboard/overview/')) return paths.dashboard.overview.href();
  if (/^\/dashboard\/products\/[^/]+\/[^/]+/.test(pathname)) {
    return paths.dashboard.products.href();
  }
  return null;
}

/**
 * The client the dashboard shows, in the top bar. Users with several clients pick one
 * here (a native select: keyboard and screen readers work as everywhere); with one client
 * its name is shown as text.
 */
export function ClientSwitcher({ value }: { value: SelectedClientValue }) {
  const { clients, selected, loading, error, select } = value;
  const location = useLocation();
  const navigate = useNavigate();
  const switchTo = (clientId: number) => {
    select(clientId);
    const next = pathAfterSwitch(location.pathname, clientId);
    if (next) navigate(next);
  };
  if (loading) return <span className="small text-body-secondary">Loading clients…</span>;
  if (error) return <span className="small text-danger">Clients could not be loaded.</span>;
  if (!selected) return null;
  if (clients.length < 2) {
    return (
      <span className="small fw-semibold text-truncate" data-testid="selected-client">
        {selected.name}
      </span>
    );
  }
  return (
    <Form.Group controlId="client-switcher" className="d-flex align-items-center gap-2 mb-0">
      <Form.Label className="small text-body-secondary mb-0 text-nowrap">Client</Form.Label>
      <Form.Select
        size="sm"
        value={selected.id}
        onChange={(event) => switchTo(Number(event.target.value))}
        data-testid="selected-client"
        style={{ minWidth: 0, maxWidth: 320 }}
      >
        {clients.map((client) => (
          <option key={client.id} value={client.id}>
            {client.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
