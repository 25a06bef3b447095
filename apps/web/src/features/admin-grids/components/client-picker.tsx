import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { useGridClients } from '../api/grid-clients-api';

export interface ClientChoice {
  all: boolean;
  /** Chosen client ids with their names, kept across pages and searches. */
  chosen: Map<number, string>;
}

/**
 * A searchable, paged checklist of active clients with their active grid configs, plus an
 * "all clients" switch. Clients without an active config cannot be chosen: a batch runs
 * configs, and they have none.
 */
export function ClientPicker({
  value,
  onChange,
}: {
  value: ClientChoice;
  onChange: (next: ClientChoice) => void;
}) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const clients = useGridClients(query.q, query.page);
  const pages = clients.data
    ? Math.max(1, Math.ceil(clients.data.total / clients.data.pageSize))
    : 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ q: search.trim(), page: 1 });
  };
  const toggle = (id: number, name: string, on: boolean) => {
    const chosen = new Map(value.chosen);
    if (on) chosen.set(id, name);
    else chosen.delete(id);
    onChange({ ...value, chosen });
  };

  return (
    <fieldset className="mb-3">
      <legend className="h5">1. Choose clients</legend>
      <Form.Check
        type="switch"
        id="run-all-clients"
        className="mb-2"
        label={
          clients.data
            ? `All active clients (${clients.data.runnableClients} with active grids)`
            : 'All active clients'
        }
        checked={value.all}
        onChange={(e) => onChange({ ...value, all: e.target.checked })}
      />
      {!value.all && (
        <>
          <Form onSubmit={submit} role="search" aria-label="Clients" className="d-flex gap-2 mb-2">
            <Form.Control
              type="search"
              placeholder="Search by name or city"
              aria-label="Search clients by name or city"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ maxWidth: 320 }}
            />
            <Button type="submit" variant="outline-primary">
              Search
            </Button>
          </Form>
          {clients.isPending && <Loading what="clients" />}
          {clients.isError && (
            <LoadError what="The clients" error={clients.error} onRetry={() => clients.refetch()} />
          )}
          {clients.data && clients.data.items.length === 0 && (
            <p className="text-body-secondary">No active client matches “{query.q}”.</p>
          )}
          {clients.data && clients.data.items.length > 0 && (
            <Table responsive hover size="sm" aria-label="Clients to run">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Chosen</span>
                  </th>
                  <th scope="col">Client</th>
                  <th scope="col">City</th>
                  <th scope="col" className="text-end">
                    Active grids
                  </th>
                </tr>
              </thead>
              <tbody>
                {clients.data.items.map((client) => (
                  <tr key={client.id}>
                    <td>
                      <Form.Check
                        id={`client-${client.id}`}
                        aria-label={`Run ${client.name}`}
                        disabled={client.activeConfigs === 0}
                        checked={value.chosen.has(client.id)}
                        onChange={(e) => toggle(client.id, client.name, e.target.checked)}
                      />
                    </td>
                    <td>
                      <label htmlFor={`client-${client.id}`} className="mb-0">
                        {client.name}
                      </label>
                    </td>
                    <td className="small">
                      {[client.city, client.state].filter(Boolean).join(', ') || '—'}
                    </td>
                    <td className="text-end">
                      {client.activeConfigs === 0 ? (
                        <span className="small text-body-secondary">none</span>
                      ) : (
                        client.activeConfigs
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <Pager
            label="Client pages"
            page={query.page}
            pages={pages}
            onPage={(page) => setQuery((q) => ({ ...q, page }))}
          />
          <p className="small mt-2 mb-0" aria-live="polite">
            {value.chosen.size === 0
              ? 'No client chosen yet.'
              : `${value.chosen.size} chosen: ${[...value.chosen.values()].slice(0, 5).join(', ')}${value.chosen.size > 5 ? '…' : ''}`}{' '}
            {value.chosen.size > 0 && (
              <Button
                variant="link"
                size="sm"
                className="p-0 align-baseline"
                onClick={() => onChange({ ...value, chosen: new Map() })}
              >
                Clear
              </Button>
            )}
          </p>
        </>
      )}
    </fieldset>
  );
}
