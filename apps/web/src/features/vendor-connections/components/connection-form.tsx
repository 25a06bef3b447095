import {
  CONNECTION_STATUSES,
  type ConnectionStatus,
  VENDOR_NAMES,
  VENDORS,
  type Vendor,
  type VendorConnection,
  vendorConnectionInputSchema,
} from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { STATUS_LABELS } from '../../../components/connection-status-badge';
import { InlineSpinner } from '../../../components/load-states';
import { useSaveConnection } from '../api/connections-api';

type Errors = Partial<Record<'externalAccount' | 'displayName' | 'accessToken' | 'form', string>>;

/**
 * Staff connect or edit a vendor account. Tokens are write-only: the form never shows the
 * stored ones (the server never sends them), and an empty token field keeps what is stored.
 */
export function ConnectionForm({
  companyId,
  connection,
  onDone,
}: {
  companyId: number;
  connection: VendorConnection | null;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveConnection(companyId);
  const [vendor, setVendor] = useState<Vendor>(connection?.vendor ?? 'google-business-profile');
  const [externalAccount, setAccount] = useState(connection?.externalAccount ?? '');
  const [displayName, setDisplayName] = useState(connection?.displayName ?? '');
  const [status, setStatus] = useState<ConnectionStatus>(connection?.status ?? 'connected');
  const [accessToken, setAccessToken] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = vendorConnectionInputSchema.safeParse({
      vendor,
      externalAccount,
      displayName,
      status,
      ...(accessToken.trim() && { accessToken }),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { id: connection?.id ?? null, input: parsed.data },
      {
        onSuccess: onDone,
        onError: (error) => setErrors({ form: error.message }),
      },
    );
  }

  return (
    <Form noValidate onSubmit={submit} className="border rounded p-3 mb-3" aria-label="Connection">
      {errors.form && <Alert variant="danger">{errors.form}</Alert>}
      <Form.Group className="mb-2" controlId={`${id}-vendor`}>
        <Form.Label>Vendor</Form.Label>
        <Form.Select
          value={vendor}
          disabled={connection !== null}
          onChange={(e) => setVendor(e.target.value as Vendor)}
        >
          {VENDORS.map((v) => (
            <option key={v} value={v}>
              {VENDOR_NAMES[v]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${id}-account`}>
        <Form.Label>Account id</Form.Label>
        <Form.Control
          value={externalAccount}
          isInvalid={Boolean(errors.externalAccount)}
          placeholder={
            vendor === 'facebook-page' ? 'Page id, e.g. 104938271650' : 'accounts/…/locations/…'
          }
          onChange={(e) => setAccount(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{errors.externalAccount}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${id}-name`}>
        <Form.Label>Name shown to the client</Form.Label>
        <Form.Control
          value={displayName}
          isInvalid={Boolean(errors.displayName)}
          onChange={(e) => setDisplayName(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{errors.displayName}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${id}-status`}>
        <Form.Label>Status</Form.Label>
        <Form.Select value={status} onChange={(e) => setStatus(e.target.value as ConnectionStatus)}>
          {CONNECTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-token`}>
        <Form.Label>Access token</Form.Label>
        <Form.Control
          type="password"
          autoComplete="off"
          value={accessToken}
          isInvalid={Boolean(errors.accessToken)}
          placeholder={connection?.hasSecrets ? 'Stored; leave empty to keep it' : 'None stored'}
          onChange={(e) => setAccessToken(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{errors.accessToken}</Form.Control.Feedback>
        <Form.Text>Stored encrypted on the server and never shown again.</Form.Text>
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <InlineSpinner />} {connection ? 'Save connection' : 'Connect'}
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
