import {
  formatInstantDateTime,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadDetail,
  type LeadEvent,
  type LeadStatus,
} from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Drawer } from '../../../components/drawer';
import { LoadError, Loading } from '../../../components/load-states';
import { RecordingPlayer } from '../../../components/recording-player';
import { ApiError } from '../../../lib/api-error';
import { formatCents } from '../../../lib/format';
import { downloadLeadRecording } from '../api/download-recording';
import { useLead } from '../api/get-lead';
import { useUpdateLead } from '../api/update-lead';
import { formatLeadPhone, parseDollars } from '../leads-format';

function eventText(e: LeadEvent): string {
  switch (e.kind) {
    case 'created':
      return `Added by hand${e.text ? ` (${e.text})` : ''}`;
    case 'status':
      return `Status: ${LEAD_STATUS_LABELS[e.from as LeadStatus] ?? e.from} → ${LEAD_STATUS_LABELS[e.to as LeadStatus] ?? e.to}`;
    case 'value':
      return `Value: ${e.from ? formatCents(Number(e.from), '') : 'none'} → ${e.to ? formatCents(Number(e.to), '') : 'none'}`;
    default:
      return `Note: ${e.text ?? ''}`;
  }
}

/** Touches and events in time order, oldest first. */
function Timeline({ detail }: { detail: LeadDetail }) {
  const items = [
    ...detail.touches.map((t) => ({ at: t.occurredAt, key: `t${t.id}`, touch: t, event: null })),
    ...detail.events.map((e) => ({ at: e.at, key: `e${e.id}`, touch: null, event: e })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol className="list-unstyled mb-0" data-testid="lead-timeline">
      {items.map(({ key, at, touch, event }) => (
        <li key={key} className="border-start border-3 ps-3 pb-3">
          <div className="small text-body-secondary">{formatInstantDateTime(at)}</div>
          {touch && (
            <>
              <div>
                <strong>{LEAD_SOURCE_LABELS[touch.source]}</strong>: {touch.summary}
              </div>
              {touch.fields.length > 0 && (
                <dl className="small mb-1 row">
                  {touch.fields.map((f) => (
                    <div key={`${f.name}:${f.value}`} className="d-flex gap-2">
                      <dt className="fw-normal text-body-secondary">{f.name}</dt>
                      <dd className="mb-0">{f.value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {touch.recording && (
                <RecordingPlayer
                  load={() =>
                    downloadLeadRecording(touch.recording as NonNullable<typeof touch.recording>)
                  }
                  label={`${touch.summary} on ${formatInstantDateTime(touch.occurredAt)}`}
                  testId="lead-recording"
                />
              )}
            </>
          )}
          {event && (
            <div>
              {eventText(event)}
              {event.by && <span className="small text-body-secondary"> by {event.by}</span>}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

/** Status, value and a note; each change is kept on the timeline with who made it. */
function LeadEditor({ companyId, detail }: { companyId: number; detail: LeadDetail }) {
  const id = useId();
  const update = useUpdateLead(companyId, detail.lead.id);
  const [status, setStatus] = useState<LeadStatus>(detail.lead.status);
  const [value, setValue] = useState(
    detail.lead.valueCents === null ? '' : String(detail.lead.valueCents / 100),
  );
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const cents = parseDollars(value);
    if (cents === undefined) {
      setErrors({ valueCents: 'Enter the value in dollars, such as 450 or 450.50.' });
      return;
    }
    const patch = {
      ...(status !== detail.lead.status && { status }),
      ...(cents !== detail.lead.valueCents && { valueCents: cents }),
      ...(note.trim() && { note: note.trim() }),
    };
    if (Object.keys(patch).length === 0) {
      setErrors({ status: 'Nothing changed: change the status or the value, or write a note.' });
      return;
    }
    setErrors({});
    try {
      const next = await update.mutateAsync(patch);
      setStatus(next.lead.status);
      setValue(next.lead.valueCents === null ? '' : String(next.lead.valueCents / 100));
      setNote('');
      setSaved(true);
    } catch (error) {
      setErrors(
        error instanceof ApiError
          ? { status: error.message, ...error.fieldErrors() }
          : { status: 'The change could not be saved.' },
      );
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void save(e)}
      aria-label="Update the lead"
      className="border rounded p-3 mb-4"
    >
      <div className="d-flex flex-wrap gap-3">
        <div>
          <label htmlFor={`${id}-status`} className="form-label small mb-1">
            Status
          </label>
          <select
            id={`${id}-status`}
            className="form-select form-select-sm"
            value={status}
            onChange={(e) => setStatus(e.target.value as LeadStatus)}
          >
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-value`} className="form-label small mb-1">
            Value (dollars)
          </label>
          <input
            id={`${id}-value`}
            inputMode="decimal"
            className={`form-control form-control-sm${errors.valueCents ? ' is-invalid' : ''}`}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={Boolean(errors.valueCents)}
            aria-describedby={errors.valueCents ? `${id}-value-error` : undefined}
          />
          {errors.valueCents && (
            <div id={`${id}-value-error`} className="invalid-feedback">
              {errors.valueCents}
            </div>
          )}
        </div>
      </div>
      <label htmlFor={`${id}-note`} className="form-label small mt-2 mb-1">
        Note
      </label>
      <textarea
        id={`${id}-note`}
        className={`form-control form-control-sm${errors.note ? ' is-invalid' : ''}`}
        rows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {errors.note && <div className="invalid-feedback">{errors.note}</div>}
      {errors.status && (
        <div className="alert alert-danger small py-1 px-2 mt-2 mb-0" role="alert">
          {errors.status}
        </div>
      )}
      <div className="d-flex align-items-center gap-2 mt-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
        {saved && (
          <span className="small text-success" role="status" data-testid="lead-saved">
            Saved.
          </span>
        )}
      </div>
    </form>
  );
}

function LeadBody({ companyId, leadId }: { companyId: number; leadId: number }) {
  const lead = useLead(companyId, leadId);
  if (lead.isPending) return <Loading what="the lead" />;
  if (lead.isError)
    return <LoadError what="The lead" error={lead.error} onRetry={() => void lead.refetch()} />;
  const { lead: l } = lead.data;
  return (
    <div data-testid="lead-drawer">
      <p className="mb-1">
        {[formatLeadPhone(l.phone), l.email].filter(Boolean).join(' · ') || 'No phone or email'}
      </p>
      <p className="small text-body-secondary">
        {l.repeat ? 'Repeat customer' : 'First-time customer'} ·{' '}
        {l.sources.map((s) => LEAD_SOURCE_LABELS[s]).join(', ')}
      </p>
      <LeadEditor key={l.id} companyId={companyId} detail={lead.data} />
      <h3 className="h6">Timeline</h3>
      <Timeline detail={lead.data} />
    </div>
  );
}

/** One lead's drawer: its contact, status and value, a note box, and its timeline. */
export function LeadDrawer({
  companyId,
  leadId,
  onClose,
}: {
  companyId: number;
  leadId: number | null;
  onClose: () => void;
}) {
  const id = useId();
  const lead = useLead(companyId, leadId);
  const title =
    lead.data?.lead.name ??
    (formatLeadPhone(lead.data?.lead.phone ?? null) || lead.data?.lead.email || 'Lead');
  return (
    <Drawer
      id={`${id}-drawer`}
      open={leadId !== null}
      onClose={onClose}
      placement="end"
      labelledBy={`${id}-title`}
      closeLabel="Close the lead"
      style={{ width: 'min(36rem, 100vw)' }}
      header={
        <h2 id={`${id}-title`} className="h5 mb-0">
          {title}
        </h2>
      }
    >
      {leadId !== null && <LeadBody companyId={companyId} leadId={leadId} />}
    </Drawer>
  );
}
