import { type BulkBatch, SEND_TYPE_LABELS } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { useTemplates } from '../../../lib/solicitation-api';
import { useConfirmBatch } from '../api/confirm-batch';

/**
 * Step 4: the template, when, and the client's confirmation that every customer agreed to
 * be contacted; then "Send to N customers", the only step that sends anything.
 */
export function BulkSend({
  productId,
  batch,
  companyTimeZone,
}: {
  productId: number;
  batch: BulkBatch;
  companyTimeZone: string;
}) {
  const id = useId();
  const templates = useTemplates(productId);
  const confirm = useConfirmBatch(productId, batch.id);
  const [templateId, setTemplateId] = useState('');
  const [later, setLater] = useState(false);
  const [when, setWhen] = useState('');
  const [consent, setConsent] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const ready = batch.counts?.ok ?? 0;
  const sendType = batch.sendType ?? 'both';
  const server = confirm.error instanceof ApiError ? confirm.error.fieldErrors() : {};
  const errors = { ...server, ...local };
  const general = confirm.error && Object.keys(server).length === 0 ? confirm.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!templateId) problems.templateId = 'Choose a template.';
    if (later && !when) problems.scheduledFor = 'Choose the date and time to send.';
    if (!consent) problems.consent = 'Confirm that each customer agreed to be contacted.';
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    confirm.mutate({
      templateId: Number(templateId),
      sendType,
      scheduledFor: later ? when : null,
      consent: true,
    });
  };
  const customers = `${ready.toLocaleString('en-US')} customer${ready === 1 ? '' : 's'}`;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Send the batch"
      data-testid="bulk-send"
      className="border-top pt-3 mt-3"
    >
      <h3 className="h6">Send</h3>
      <p className="small text-body-secondary">
        By {SEND_TYPE_LABELS[sendType]}. Messages go out between 8:00 and 21:00 in each customer's
        time zone; anyone asked in the last 30 days or opted out is skipped.
      </p>
      <div className="mb-3">
        <label htmlFor={`${id}-template`} className="form-label">
          Template
        </label>
        <select
          id={`${id}-template`}
          className={`form-select${errors.templateId ? ' is-invalid' : ''}`}
          value={templateId}
          onChange={(e) => setTemplateId(e.target.value)}
          aria-invalid={Boolean(errors.templateId)}
          aria-describedby={errors.templateId ? `${id}-template-error` : undefined}
          disabled={templates.isPending}
        >
          <option value="">
            {templates.isPending ? 'Loading templates…' : 'Choose a template'}
          </option>
          {templates.data?.templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
              {t.isDefault ? ' (agency default)' : ''}
            </option>
          ))}
        </select>
        {errors.templateId && (
          <div id={`${id}-template-error`} className="invalid-feedback">
            {errors.templateId}
          </div>
        )}
        {templates.isError && (
          <div className="text-danger small" role="alert">
            The templates could not be loaded: {templates.error.message}
          </div>
        )}
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">When</legend>
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            id={`${id}-now`}
            name={`${id}-when`}
            checked={!later}
            onChange={() => setLater(false)}
          />
          <label className="form-check-label" htmlFor={`${id}-now`}>
            Now
          </label>
        </div>
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            id={`${id}-later`}
            name={`${id}-when`}
            checked={later}
            onChange={() => setLater(true)}
          />
          <label className="form-check-label" htmlFor={`${id}-later`}>
            Later
          </label>
        </div>
        {later && (
          <div className="mt-2" style={{ maxWidth: '18rem' }}>
            <label htmlFor={`${id}-at`} className="form-label small">
              Date and time ({companyTimeZone})
            </label>
            <input
              id={`${id}-at`}
              type="datetime-local"
              className={`form-control${errors.scheduledFor ? ' is-invalid' : ''}`}
              value={when}
              onChange={(e) => setWhen(e.target.value)}
              aria-invalid={Boolean(errors.scheduledFor)}
              aria-describedby={errors.scheduledFor ? `${id}-at-error` : undefined}
            />
            {errors.scheduledFor && (
              <div id={`${id}-at-error`} className="invalid-feedback">
                {errors.scheduledFor}
              </div>
            )}
          </div>
        )}
      </fieldset>
      <div className="form-check mb-3">
        <input
          className={`form-check-input${errors.consent ? ' is-invalid' : ''}`}
          type="checkbox"
          id={`${id}-consent`}
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          aria-invalid={Boolean(errors.consent)}
          aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
        />
        <label className="form-check-label" htmlFor={`${id}-consent`}>
          Each customer in this file agreed to be contacted by us.
        </label>
        {errors.consent && (
          <div id={`${id}-consent-error`} className="invalid-feedback">
            {errors.consent}
          </div>
        )}
      </div>
      {general && (
        <div className="alert alert-danger small" role="alert">
          {general}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={confirm.isPending || ready === 0}>
        {confirm.isPending && <InlineSpinner className="me-1" />}
        {confirm.isPending ? 'Sending…' : `Send to ${customers}`}
      </button>
      {ready === 0 && <p className="small text-danger mt-2">No row in this file can be sent.</p>}
    </form>
  );
}
