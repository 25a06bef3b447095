import { type FormSubmission, formatInstantDateTime } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import {
  type SubmissionFilter,
  useFormSubmissionEvents,
  useFormSubmissions,
  useWebsiteApi,
} from '../api/website-insights';

/** +15125550199 → (512) 555-0199; other numbers as stored. */
const phoneText = (e164: string) => {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
};
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function SubmissionRow({ item }: { item: FormSubmission }) {
  return (
    <tr>
      <td className="text-nowrap">{formatInstantDateTime(item.receivedAt)}</td>
      <th scope="row" className="fw-normal">
        {item.name}
      </th>
      <td>
        {item.email && (
          <a href={`mailto:${item.email}`} className="d-block">
            {item.email}
          </a>
        )}
        {item.phone && <a href={`tel:${item.phone}`}>{phoneText(item.phone)}</a>}
      </td>
      <td className="text-break" style={{ maxWidth: '28rem' }}>
        {item.message}
      </td>
    </tr>
  );
}

/**
 * What visitors sent through the site's contact form (OMG InContact): newest first, 20 a
 * page, searchable by text and days, and updated live when a message arrives.
 */
export function ContactSubmissionsPanel({ productId }: { productId: number }) {
  const headingId = useId();
  const formId = useId();
  const api = useWebsiteApi(productId);
  const [filter, setFilter] = useState<SubmissionFilter>({ page: 1, q: '', from: '', to: '' });
  const [draft, setDraft] = useState({ q: '', from: '', to: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const list = useFormSubmissions(productId, api, filter, localZone());
  useFormSubmissionEvents(productId);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (Boolean(draft.from) !== Boolean(draft.to)) {
      setProblem('Give both dates, or neither.');
      return;
    }
    if (draft.from && draft.to && draft.from > draft.to) {
      setProblem('The end date must be on or after the start.');
      return;
    }
    setProblem(null);
    setFilter({ page: 1, ...draft });
  };
  const filtered = Boolean(filter.q || filter.from);

  const body = () => {
    if (list.isPending) return <Loading what="the contact-form messages" />;
    if (list.isError) {
      return (
        <LoadError
          what="The contact-form messages"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      );
    }
    const { items, total, pageSize, site } = list.data;
    if (!site) return <p className="text-body-secondary mb-0">This product has no website yet.</p>;
    if (total === 0) {
      return (
        <p className="text-body-secondary mb-0" data-testid="submissions-empty">
          {filtered
            ? 'No messages match these filters.'
            : 'No messages yet. When a visitor sends the site’s contact form, it appears here at once.'}
        </p>
      );
    }
    return (
      <>
        <p className="small text-body-secondary" aria-live="polite">
          {total} {total === 1 ? 'message' : 'messages'}
          {filtered ? ' match' : ''}.
        </p>
        <div className="table-responsive" aria-busy={list.isFetching}>
          <table className="table table-sm align-top" data-testid="submissions-table">
            <caption className="visually-hidden">Contact-form messages, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Name</th>
                <th scope="col">Contact</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <SubmissionRow key={item.id} item={item} />
              ))}
            </tbody>
          </table>
        </div>
        <Pager
          label="Contact-form message pages"
          page={filter.page}
          pages={Math.max(1, Math.ceil(total / pageSize))}
          onPage={(page) => setFilter((f) => ({ ...f, page }))}
        />
      </>
    );
  };

  return (
    <section aria-labelledby={headingId} data-testid="contact-submissions-panel">
      <h2 id={headingId} className="h5">
        Contact-form messages
      </h2>
      <form className="row g-2 align-items-end mb-3" onSubmit={apply} aria-label="Filter messages">
        <div className="col-sm-5">
          <label htmlFor={`${formId}-q`} className="form-label small mb-0">
            Search
          </label>
          <input
            id={`${formId}-q`}
            type="search"
            className="form-control form-control-sm"
            maxLength={100}
            value={draft.q}
            onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
            placeholder="Name, email, phone or words"
          />
        </div>
        <div className="col-6 col-sm-2">
          <label htmlFor={`${formId}-from`} className="form-label small mb-0">
            From
          </label>
          <input
            id={`${formId}-from`}
            type="date"
            className="form-control form-control-sm"
            value={draft.from}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          />
        </div>
        <div className="col-6 col-sm-2">
          <label htmlFor={`${formId}-to`} className="form-label small mb-0">
            To
          </label>
          <input
            id={`${formId}-to`}
            type="date"
            className="form-control form-control-sm"
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        </div>
        <div className="col-sm-3 d-flex gap-2">
          <button type="submit" className="btn btn-sm btn-primary">
            Filter
          </button>
          {filtered && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => {
                setDraft({ q: '', from: '', to: '' });
                setFilter({ page: 1, q: '', from: '', to: '' });
              }}
            >
              Clear
            </button>
          )}
        </div>
        {problem && (
          <p className="text-danger small mb-0" role="alert">
            {problem}
          </p>
        )}
      </form>
      {body()}
    </section>
  );
}
