import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { type ClientChoice, useSelectedClient } from '../lib/selected-client';
import { Loading } from './load-states';

/**
 * A client page's frame: the page title, the company it shows (the client selected in the
 * top bar), and the states before there is one: loading an admin's list, a failure, or an
 * account with no client company at all.
 */
export function SelectedCompanyPage({
  title,
  children,
}: {
  title: string;
  children: (company: ClientChoice) => ReactNode;
}) {
  const { selected, loading, error } = useSelectedClient();
  return (
    <section>
      <h1 className="h3 mb-1">{title}</h1>
      {selected && (
        <p className="text-body-secondary mb-3" data-testid="page-company">
          {selected.name}
        </p>
      )}
      {loading && <Loading what="your companies" />}
      {error && <Alert variant="danger">Your companies could not be loaded: {error.message}</Alert>}
      {!loading && !error && !selected && (
        <p className="text-body-secondary">
          There is no client company on your account, so there is nothing to show here.
        </p>
      )}
      {selected && children(selected)}
    </section>
  );
}
