import { MANUAL_LEAD_CHANNELS, PHONE_EXAMPLE } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Drawer } from '../../../components/drawer';
import { ApiError } from '../../../lib/api-error';
import { useAddLead } from '../api/add-lead';
import { parseDollars } from '../leads-format';

type Field = 'name' | 'phone' | 'email' | 'channel' | 'valueCents' | 'note';

/**
 * "Add lead": a customer of the client entered by hand. The server checks every field
 * (contracts `customerLeadCreateSchema`) and names each problem; they show under the field.
 */
function AddLeadForm({
  companyId,
  onAdded,
}: {
  companyId: number;
  onAdded: (leadId: number) => void;
}) {
  const id = useId();
  const add = useAddLead(companyId);
  const [values, setValues] = useState({
    name: '',
    phone: '',
    email: '',
    channel: 'Referral',
    value: '',
    note: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valueCents = parseDollars(values.value);
    if (valueCents === undefined) {
      setErrors({ valueCents: 'Enter the value in dollars, such as 450 or 450.50.' });
      return;
    }
    setErrors({});
    try {
      const detail = await add.mutateAsync({
        name: values.name,
        channel: values.channel,
        ...(values.phone.trim() && { phone: values.phone }),
        ...(values.email.trim() && { email: values.email }),
        ...(valueCents !== null && { valueCents }),
        ...(values.note.trim() && { note: values.note }),
      });
      onAdded(detail.lead.id);
    } catch (error) {
      if (error instanceof ApiError)
        setErrors(error.fieldErrors() as Partial<Record<Field, string>>);
    }
  };

  const input = (
    name: Exclude<Field, 'valueCents' | 'channel' | 'note'>,
    label: string,
    type: string,
    hint?: string,
  ) => (
    <div className="mb-3">
      <label htmlFor={`${id}-${name}`} className="form-label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        className={`form-control${errors[name] ? ' is-invalid' : ''}`}
        value={values[name]}
        onChange={set(name)}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={
          errors[name] ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined
        }
      />
      {errors[name] ? (
        <div id={`${id}-${name}-error`} className="invalid-feedback">
          {errors[name]}
        </div>
      ) : (
        hint && (
          <div id={`${id}-${name}-hint`} className="form-text">
            {hint}
          </div>
        )
      )}
    </div>
  );
  const generalError =
    add.error && !(add.error instanceof ApiError && Object.keys(add.error.fieldErrors()).length)
      ? add.error.message
      : null;

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Add a lead"
      data-testid="add-lead-form"
    >
      {input('name', 'Name', 'text')}
      {input(
        'phone',
        'Phone',
        'tel',
        `A phone number or an email, or both. Such as ${PHONE_EXAMPLE}.`,
      )}
      {input('email', 'Email', 'email')}
      <div className="mb-3">
        <label htmlFor={`${id}-channel`} className="form-label">
          Where the lead came from
        </label>
        <select
          id={`${id}-channel`}
          className={`form-select${errors.channel ? ' is-invalid' : ''}`}
          value={values.channel}
          onChange={set('channel')}
        >
          {MANUAL_LEAD_CHANNELS.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
        {errors.channel && <div className="invalid-feedback">{errors.channel}</div>}
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-value`} className="form-label">
          Value (optional, in dollars)
        </label>
        <input
          id={`${id}-value`}
          inputMode="decimal"
          className={`form-control${errors.valueCents ? ' is-invalid' : ''}`}
          value={values.value}
          onChange={set('value')}
          aria-invalid={Boolean(errors.valueCents)}
          aria-describedby={errors.valueCents ? `${id}-value-error` : undefined}
        />
        {errors.valueCents && (
          <div id={`${id}-value-error`} className="invalid-feedback">
            {errors.valueCents}
          </div>
        )}
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-note`} className="form-label">
          Note (optional)
        </label>
        <textarea
          id={`${id}-note`}
          className={`form-control${errors.note ? ' is-invalid' : ''}`}
          rows={3}
          value={values.note}
          onChange={set('note')}
        />
        {errors.note && <div className="invalid-feedback">{errors.note}</div>}
      </div>
      {generalError && (
        <div className="alert alert-danger small" role="alert">
          {generalError}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add lead'}
      </button>
    </form>
  );
}

export function AddLeadDrawer({
  companyId,
  open,
  onClose,
  onAdded,
}: {
  companyId: number;
  open: boolean;
  onClose: () => void;
  onAdded: (leadId: number) => void;
}) {
  const id = useId();
  return (
    <Drawer
      id={`${id}-drawer`}
      open={open}
      onClose={onClose}
      placement="end"
      labelledBy={`${id}-title`}
      closeLabel="Close the new lead form"
      header={
        <h2 id={`${id}-title`} className="h5 mb-0">
          Add a lead
        </h2>
      }
    >
      <AddLeadForm companyId={companyId} onAdded={onAdded} />
    </Drawer>
  );
}
