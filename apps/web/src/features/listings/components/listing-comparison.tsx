import {
  LISTING_FIELD_LABELS,
  type ListingField,
  type ListingFieldComparison,
  type ListingFieldStatus,
} from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import {
  useAcceptListing,
  useListing,
  useListingEvents,
  useListingSeen,
  usePushListing,
} from '../api/listings-api';
import { ListingPushStatus } from './listing-push-status';

const STATUS: Record<ListingFieldStatus, { text: string; bg: string; dark?: boolean }> = {
  match: { text: 'Matches', bg: 'success' },
  differs: { text: 'Differs', bg: 'warning', dark: true },
  missing_on_google: { text: 'Missing on Google', bg: 'warning', dark: true },
  missing_here: { text: 'Missing in Pinpoint', bg: 'secondary' },
};

/** Fields "Push our data" sends unless a person chooses otherwise. */
const pushable = (f: ListingFieldComparison) =>
  f.status === 'differs' || f.status === 'missing_on_google';

/** One idempotency key per push (crypto.randomUUID needs a secure context). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function Lines({ lines, empty }: { lines: string[]; empty: string }) {
  if (lines.length === 0) return <span className="text-body-secondary fst-italic">{empty}</span>;
  return (
    <ul className="list-unstyled mb-0">
      {lines.map((line, i) => (
        // Lines of one value: their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: static lines of one field's value
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * A Google product's profile listing: Google's values beside the company's, field by field,
 * with the differences marked in words, "Push our data" for the chosen fields (its outbox
 * status shown as it is) and "Accept Google's" per field.
 */
export function ListingComparison({ productId }: { productId: number }) {
  const listing = useListing(productId);
  const push = usePushListing(productId);
  const accept = useAcceptListing(productId);
  const seen = useListingSeen(productId);
  const data = listing.data;
  useListingEvents(data?.companyId ?? null);
  // null: the default choice (every field that differs); a Set once a person chooses.
  const [chosen, setChosen] = useState<Set<ListingField> | null>(null);

  if (listing.isPending) {
    return (
      <Spinner animation="border" role="status">
        <span className="visually-hidden">Loading the listing…</span>
      </Spinner>
    );
  }
  if (listing.isError) return <Alert variant="danger">{listing.error.message}</Alert>;
  if (!data) return null;
  if (!data.connection) {
    return (
      <p className="text-body-secondary">
        No Business Profile connected: there is no Google listing to compare yet. Staff connect it
        on the company's profile page.
      </p>
    );
  }
  const { connection } = data;
  const freshness = (
    <p
      className={`small ${connection.status === 'needs_attention' ? 'text-danger' : 'text-body-secondary'}`}
    >
      {connection.status === 'needs_attention' &&
        'Needs attention: reconnect the Business Profile. '}
      {connection.lastSyncedAt
        ? `Last synced ${new Date(connection.lastSyncedAt).toLocaleString()}`
        : 'Not synced yet'}{' '}
      from the Business Profile “{connection.displayName || 'location'}”.
    </p>
  );
  if (data.fields.length === 0) {
    return (
      <>
        {freshness}
        <p className="text-body-secondary">
          Google's listing has not been synced yet; it appears here after the first sync.
        </p>
      </>
    );
  }

  const selected = chosen ?? new Set(data.fields.filter(pushable).map((f) => f.field));
  const toggle = (field: ListingField, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(field);
    else next.delete(field);
    setChosen(next);
  };
  const pending = data.lastPush?.status === 'pending' || push.isPending;
  const differing = data.fields.filter((f) => f.status !== 'match').length;
  const actionError = push.error ?? accept.error ?? seen.error;

  return (
    <>
      {freshness}
      {data.changedFields.length > 0 && (
        <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
          <span data-testid="listing-changed-alert">
            Google changed these fields on its side since you last looked:{' '}
            {data.changedFields.map((f) => LISTING_FIELD_LABELS[f]).join(', ')}.
          </span>
          <Button
            size="sm"
            variant="outline-dark"
            disabled={seen.isPending}
            onClick={() => seen.mutate({})}
          >
            Mark as seen
          </Button>
        </Alert>
      )}
      <p className="mb-2">
        {differing === 0
          ? 'Google’s listing matches your profile in Pinpoint.'
          : `${differing} of ${data.fields.length} fields differ between Google and Pinpoint.`}
      </p>
      <ListingPushStatus push={data.lastPush} />
      {actionError && <Alert variant="danger">{actionError.message}</Alert>}
      <Table responsive bordered className="align-middle">
        <caption className="visually-hidden">
          Google's listing beside your profile in Pinpoint
        </caption>
        <thead>
          <tr>
            <th scope="col">Push</th>
            <th scope="col">Field</th>
            <th scope="col">On Google</th>
            <th scope="col">In Pinpoint</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.fields.map((f) => {
            const status = STATUS[f.status];
            return (
              <tr
                key={f.field}
                data-testid="listing-field"
                data-field={f.field}
                className={f.status === 'match' ? undefined : 'table-warning'}
              >
                <td>
                  <input
                    type="checkbox"
                    className="form-check-input"
                    id={`push-${f.field}`}
                    checked={selected.has(f.field)}
                    disabled={f.ours.length === 0}
                    onChange={(e) => toggle(f.field, e.target.checked)}
                    aria-label={`Push ${f.label}`}
                  />
                </td>
                <th scope="row">{f.label}</th>
                <td>
                  <Lines lines={f.google} empty="Not on Google" />
                </td>
                <td>
                  <Lines lines={f.ours} empty="Not in Pinpoint" />
                </td>
                <td>
                  <Badge
                    bg={status.bg}
                    text={status.dark ? 'dark' : undefined}
                    data-testid="listing-field-status"
                  >
                    {status.text}
                  </Badge>
                  {f.changedOnGoogle && (
                    <Badge bg="info" text="dark" className="ms-1">
                      Changed on Google
                    </Badge>
                  )}
                </td>
                <td>
                  {f.status !== 'match' && f.google.length > 0 && (
                    <Button
                      size="sm"
                      variant="outline-dark"
                      disabled={accept.isPending}
                      onClick={() => accept.mutate({ fields: [f.field] })}
                    >
                      Accept Google's
                      <span className="visually-hidden"> {f.label.toLowerCase()}</span>
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <Button
        disabled={selected.size === 0 || pending}
        onClick={() =>
          push.mutate(
            { fields: [...selected], idempotencyKey: newKey() },
            { onSuccess: () => setChosen(null) },
          )
        }
      >
        {pending ? 'Sending…' : 'Push our data'}
      </Button>
      <span className="small text-body-secondary ms-2">
        {selected.size === 0
          ? 'Choose the fields to send to Google.'
          : `${selected.size} field${selected.size === 1 ? '' : 's'} chosen.`}
      </span>
    </>
  );
}
