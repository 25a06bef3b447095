import {
  instantToLocalDateTime,
  PHONE_EXAMPLE,
  SEND_TYPE_LABELS,
  SEND_TYPES,
  type SendType,
  type SolicitationSummary,
} from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import { LoadError, Loading } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { useTemplates } from '../../../lib/solicitation-api';
import { useAddRequests } from '../api/add-requests';

type Field =
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'email'
  | 'timeZone'
  | 'templateId'
  | 'sendType'
  | 'scheduledFor'
  | 'consent';

/** The server names contact fields `contacts.0.phone`; the form has one contact. */
function fieldErrorsOf(error: ApiError): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [path, message] of Object.entries(error.fieldErrors())) {
    const field = path.replace(/^contacts\.0\./, '') as Field;
    out[field] ??= message;
  }
  return out;
}

/** Every zone the browser knows, the company's first (most customers are local). */
function timeZoneChoices(companyZone: string): string[] {
  const all = Intl.supportedValuesOf('timeZone');
  return [companyZone, ...all.filter((zone) => zone !== companyZone)];
}

/**
 * "Send": the SPEC §3 form for one customer. The server checks every rule (phone to E.164,
 * the 30-day rule, opt-outs, sending hours) and names each problem; a refusal of the whole
 * request (409) reads as the server wrote it.
 */
export function SendForm({
  summary,
  productType,
  onSent,
}: {
  summary: SolicitationSummary;
  productType: string;
  onSent: (requestId: number) => void;
}) {
  const id = useId();
  const productId = summary.product.id;
  const zone = summary.company.timeZone;
  const templates = useTemplates(productId);
  const add = useAddRequests(productId, productType);
  const [values, setValues] = useState({
    firstName: '',
    lastName: '',
    phone: '',
    email: '',
    timeZone: '',
    templateId: '',
    sendType: 'sms' as SendType,
    when: 'now' as 'now' | 'later',
    scheduledFor: '',
    consent: false,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState<{ name: string; id: number } | null>(null);
  const set =
    (
      name:
        | 'firstName'
        | 'lastName'
        | 'phone'
        | 'email'
        | 'timeZone'
        | 'templateId'
        | 'scheduledFor',
    ) =>
    (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value }));
  const list = templates.data?.templates ?? [];
  const templateId = values.templateId || String(list[0]?.id ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSent(null);
    try {
      const result = await add.mutateAsync({
        templateId: Number(templateId) || 0,
        sendType: values.sendType,
        scheduledFor: values.when === 'later' ? values.scheduledFor || '' : null,
        // The server refuses without it; the box says what it confirms.
        consent: values.consent as true,
        contacts: [
          {
            firstName: values.firstName,
            lastName: values.lastName,
            phone: values.phone,
            email: values.email,
            timeZone: values.timeZone || zone,
          },
        ],
      });
      const created = result.created[0];
      if (created) {
        const name = `${values.firstName} ${values.lastName}`.trim();
        setSent({ name, id: created.requestId });
        setValues((v) => ({ ...v, firstName: '', lastName: '', phone: '', email: '' }));
      }
    } catch (error) {
      if (error instanceof ApiError) setErrors(fieldErrorsOf(error));
    }
  };

  const described = (name: Field, hint?: boolean) =>
    errors[name] ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined;
  const invalid = (name: Field) => (errors[name] ? ' is-invalid' : '');
  const feedback = (name: Field) =>
    errors[name] && (
      <div id={`${id}-${name}-error`} className="invalid-feedback d-block">
        {errors[name]}
      </div>
    );
  const text = (
    name: 'firstName' | 'lastName' | 'phone' | 'email',
    label: string,
    type: string,
    hint?: string,
  ) => (
    <div className="col-sm-6 mb-3">
      <label htmlFor={`${id}-${name}`} className="form-label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        className={`form-control${invalid(name)}`}
        value={values[name]}
        onChange={set(name)}
        autoComplete="off"
        aria-invalid={Boolean(errors[name])}
        aria-describedby={described(name, Boolean(hint))}
      />
      {feedback(name) ??
        (hint && (
          <div id={`${id}-${name}-hint`} className="form-text">
            {hint}
          </div>
        ))}
    </div>
  );
  const fieldProblem = add.error instanceof ApiError && Object.keys(errors).length > 0;
  const refusal = add.error && !fieldProblem ? add.error : null;

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      data-testid="send-form"
    >
      <h2 id={`${id}-title`} className="h5 mb-3">
        Ask a customer for a review
      </h2>
      <dl className="row small mb-3">
        <dt className="col-sm-3 fw-normal text-body-secondary">Company</dt>
        <dd className="col-sm-9 mb-1">{summary.company.name}</dd>
        <dt className="col-sm-3 fw-normal text-body-secondary">Item</dt>
        <dd className="col-sm-9 mb-0">
          {summary.product.name} (#{summary.product.id})
        </dd>
      </dl>
      <div className="row">
        {text('firstName', 'First name', 'text')}
        {text('lastName', 'Last name (optional)', 'text')}
        {text('phone', 'Phone', 'tel', `For SMS. Such as ${PHONE_EXAMPLE}.`)}
        {text('email', 'Email', 'email', 'For email.')}
        <div className="col-sm-6 mb-3">
          <label htmlFor={`${id}-timeZone`} className="form-label">
            Customer's time zone
          </label>
          <select
            id={`${id}-timeZone`}
            className={`form-select${invalid('timeZone')}`}
            value={values.timeZone || zone}
            onChange={set('timeZone')}
            aria-invalid={Boolean(errors.timeZone)}
            aria-describedby={described('timeZone', true)}
          >
            {timeZoneChoices(zone).map((choice) => (
              <option key={choice} value={choice}>
                {choice === zone ? `${choice} (the company's)` : choice}
              </option>
            ))}
          </select>
          {feedback('timeZone') ?? (
            <div id={`${id}-timeZone-hint`} className="form-text">
              Messages go out between 8:00 and 21:00 there.
            </div>
          )}
        </div>
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-template`} className="form-label">
          Template
        </label>
        {templates.isPending ? (
          <Loading what="the templates" />
        ) : templates.isError ? (
          <LoadError
            what="The templates"
            error={templates.error}
            onRetry={() => void templates.refetch()}
          />
        ) : (
          <select
            id={`${id}-template`}
            className={`form-select${invalid('templateId')}`}
            value={templateId}
            onChange={set('templateId')}
            aria-invalid={Boolean(errors.templateId)}
            aria-describedby={described('templateId')}
          >
            {list.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
                {t.isDefault ? ' (agency default)' : ''}
              </option>
            ))}
          </select>
        )}
        {feedback('templateId')}
      </div>
      <fieldset className="mb-3" aria-describedby={described('sendType')}>
        <legend className="form-label fs-6">Send by</legend>
        {SEND_TYPES.map((type) => (
          <div className="form-check form-check-inline" key={type}>
            <input
              className="form-check-input"
              type="radio"
              id={`${id}-send-${type}`}
              name={`${id}-send`}
              checked={values.sendType === type}
              onChange={() => setValues((v) => ({ ...v, sendType: type }))}
            />
            <label className="form-check-label" htmlFor={`${id}-send-${type}`}>
              {SEND_TYPE_LABELS[type]}
            </label>
          </div>
        ))}
        {feedback('sendType')}
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">When</legend>
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            id={`${id}-now`}
            name={`${id}-when`}
            checked={values.when === 'now'}
            onChange={() => setValues((v) => ({ ...v, when: 'now' }))}
          />
          <label className="form-check-label" htmlFor={`${id}-now`}>
            Now (texts and emails wait for 8:00–21:00 in the customer's time)
          </label>
        </div>
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            id={`${id}-later`}
            name={`${id}-when`}
            checked={values.when === 'later'}
            onChange={() =>
              setValues((v) => ({
                ...v,
                when: 'later',
                scheduledFor:
                  v.scheduledFor || instantToLocalDateTime(new Date(Date.now() + 3_600_000), zone),
              }))
            }
          />
          <label className="form-check-label" htmlFor={`${id}-later`}>
            Later
          </label>
        </div>
        {values.when === 'later' && (
          <div className="mt-2 ms-4">
            <label htmlFor={`${id}-scheduledFor`} className="form-label small">
              Date and time ({zone})
            </label>
            <input
              id={`${id}-scheduledFor`}
              type="datetime-local"
              className={`form-control form-control-sm w-auto${invalid('scheduledFor')}`}
              value={values.scheduledFor}
              min={instantToLocalDateTime(new Date(), zone)}
              onChange={set('scheduledFor')}
              aria-invalid={Boolean(errors.scheduledFor)}
              aria-describedby={described('scheduledFor')}
            />
          </div>
        )}
        {feedback('scheduledFor')}
      </fieldset>
      <div className="form-check mb-3">
        <input
          className={`form-check-input${invalid('consent')}`}
          type="checkbox"
          id={`${id}-consent`}
          checked={values.consent}
          onChange={(e) => setValues((v) => ({ ...v, consent: e.target.checked }))}
          aria-invalid={Boolean(errors.consent)}
          aria-describedby={described('consent')}
        />
        <label className="form-check-label" htmlFor={`${id}-consent`}>
          This customer agreed to be contacted by {summary.company.name}.
        </label>
        {feedback('consent')}
      </div>
      {refusal && (
        <div className="alert alert-danger" role="alert" data-testid="send-refused">
          {refusal.message}
        </div>
      )}
      {sent && (
        <div
          className="alert alert-success d-flex align-items-center gap-2"
          role="status"
          data-testid="send-done"
        >
          The review request to {sent.name} was created.
          <button
            type="button"
            className="btn btn-sm btn-outline-success ms-auto"
            onClick={() => onSent(sent.id)}
          >
            See it in the history
          </button>
        </div>
      )}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={add.isPending || !summary.reviewLink}
      >
        {add.isPending ? 'Sending…' : values.when === 'later' ? 'Schedule request' : 'Send request'}
      </button>
    </form>
  );
}
