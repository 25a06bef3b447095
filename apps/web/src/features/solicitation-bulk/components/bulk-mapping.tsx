import {
  BULK_FIELD_LABELS,
  BULK_FIELDS,
  type BulkBatch,
  type BulkField,
  type BulkMapping,
  SEND_TYPE_LABELS,
  SEND_TYPES,
  type SendType,
} from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { useMapBatch } from '../api/map-batch';

const HINTS: Record<BulkField, string> = {
  firstName: 'Required.',
  lastName: 'Optional.',
  phone: 'Needed to send an SMS. US numbers may omit +1.',
  email: 'Needed to send an email.',
  timeZone: "Optional, such as America/Chicago; otherwise the company's zone.",
};

/**
 * Step 2: which column holds what (started from the guess made from the header names),
 * how the customers will be asked, and the file's first rows to check against. Checking
 * validates every row on the server.
 */
export function BulkMappingStep({
  productId,
  batch,
  onChecked,
}: {
  productId: number;
  batch: BulkBatch;
  onChecked: () => void;
}) {
  const id = useId();
  const map = useMapBatch(productId, batch.id);
  const [mapping, setMapping] = useState<BulkMapping>(batch.mapping ?? batch.suggestedMapping);
  const [sendType, setSendType] = useState<SendType>(batch.sendType ?? 'both');
  const fieldErrors = map.error instanceof ApiError ? map.error.fieldErrors() : {};
  const errorOf = (field: BulkField) => fieldErrors[`mapping.${field}`];
  const general = map.error && Object.keys(fieldErrors).length === 0 ? map.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    map.mutate({ mapping, sendType }, { onSuccess: onChecked });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Match the columns" data-testid="bulk-mapping">
      <p className="mb-3">
        <strong>{batch.fileName}</strong>: {batch.rowCount.toLocaleString('en-US')} rows. Match each
        field to a column of the file.
      </p>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">How will you ask them?</legend>
        {SEND_TYPES.map((type) => (
          <div className="form-check form-check-inline" key={type}>
            <input
              className="form-check-input"
              type="radio"
              name={`${id}-send-type`}
              id={`${id}-send-${type}`}
              checked={sendType === type}
              onChange={() => setSendType(type)}
            />
            <label className="form-check-label" htmlFor={`${id}-send-${type}`}>
              {SEND_TYPE_LABELS[type]}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="row g-3 mb-3">
        {BULK_FIELDS.map((field) => (
          <div className="col-sm-6 col-lg-4" key={field}>
            <label htmlFor={`${id}-${field}`} className="form-label">
              {BULK_FIELD_LABELS[field]}
            </label>
            <select
              id={`${id}-${field}`}
              className={`form-select${errorOf(field) ? ' is-invalid' : ''}`}
              value={mapping[field] ?? ''}
              aria-invalid={Boolean(errorOf(field))}
              aria-describedby={`${id}-${field}-note`}
              onChange={(e) =>
                setMapping((m) => ({
                  ...m,
                  [field]:
                    e.target.value === '' ? (field === 'firstName' ? '' : null) : e.target.value,
                }))
              }
            >
              <option value="">
                {field === 'firstName' ? 'Choose a column' : 'Not in the file'}
              </option>
              {batch.headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </select>
            <div
              id={`${id}-${field}-note`}
              className={errorOf(field) ? 'invalid-feedback d-block' : 'form-text'}
            >
              {errorOf(field) ?? HINTS[field]}
            </div>
          </div>
        ))}
      </div>
      <div className="table-responsive mb-3">
        <table className="table table-sm table-bordered small mb-0">
          <caption>The first rows of the file</caption>
          <thead>
            <tr>
              {batch.headers.map((header) => {
                const used = BULK_FIELDS.find((field) => mapping[field] === header);
                return (
                  <th key={header} scope="col">
                    {header}
                    {used && (
                      <span className="d-block fw-normal text-primary">
                        → {BULK_FIELD_LABELS[used]}
                      </span>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {batch.preview.map((cells, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity
              <tr key={row}>
                {cells.map((value, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells in header order
                  <td key={column}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {general && (
        <div className="alert alert-danger small" role="alert">
          {general}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={map.isPending}>
        {map.isPending && <InlineSpinner className="me-1" />}
        {map.isPending
          ? `Checking ${batch.rowCount.toLocaleString('en-US')} rows…`
          : `Check ${batch.rowCount.toLocaleString('en-US')} rows`}
      </button>
    </form>
  );
}
