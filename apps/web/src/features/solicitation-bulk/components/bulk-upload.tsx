/**
 * BulkUpload — review requests to up to 10,000 customers from a CSV file.
 *
 * Props:
 * - `productId` (number): the review-solicitation product instance; every call goes to
 *   `/api/uni/products/reviewsolicitation/{productId}/bulk…` (its company's uploads).
 * - `companyTimeZone` (string, IANA): the zone a "Later" date and time is read in (the
 *   server reads it in the company's zone too; this only labels the field).
 *
 * Steps: choose a file → match the columns (a preview of the first rows) and choose SMS,
 * email or both → the report (rows by state, problem rows with their line numbers) →
 * template, when, consent → "Send to N customers" → the result. Nothing is sent before
 * that last button; the server accepts it once. Composed by
 * app/routes/dashboard/review-solicitation-page.tsx.
 */
import { BULK_MAX_ROWS } from '@pinpoint/contracts';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { InlineSpinner, LoadError, Loading } from '../../../components/load-states';
import { useCancelBatch } from '../api/cancel-batch';
import { type ProblemFilter, useBatch } from '../api/get-batch';
import { csvFileProblem, useUploadCsv } from '../api/upload-csv';
import { BulkMappingStep } from './bulk-mapping';
import { BulkReport } from './bulk-report';
import { BulkSend } from './bulk-send';

function ChooseFile({
  productId,
  onUploaded,
}: {
  productId: number;
  onUploaded: (id: number) => void;
}) {
  const id = useId();
  const upload = useUploadCsv(productId);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const wrong = csvFileProblem(file);
    setProblem(wrong);
    if (wrong) return;
    upload.mutate(file, { onSuccess: (batch) => onUploaded(batch.id) });
  };
  const error = problem ?? (upload.error ? upload.error.message : null);
  return (
    <div data-testid="bulk-file">
      <label htmlFor={`${id}-file`} className="form-label">
        CSV file of customers
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,text/csv"
        className={`form-control${error ? ' is-invalid' : ''}`}
        onChange={choose}
        disabled={upload.isPending}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-file-note`}
      />
      <div
        id={`${id}-file-note`}
        className={error ? 'invalid-feedback d-block' : 'form-text'}
        role={error ? 'alert' : undefined}
      >
        {error ??
          `A header row, then one customer per row (up to ${BULK_MAX_ROWS.toLocaleString('en-US')}): first name, and a phone number or email. Nothing is sent until you confirm.`}
      </div>
      {upload.isPending && <Loading label="Reading the file…" className="mt-2" />}
    </div>
  );
}

export function BulkUpload({
  productId,
  companyTimeZone,
}: {
  productId: number;
  companyId?: number;
  companyTimeZone: string;
}) {
  const [batchId, setBatchId] = useState<number | null>(null);
  const [remap, setRemap] = useState(false);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<ProblemFilter>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const start = (id: number | null) => {
    setBatchId(id);
    setRemap(false);
    setPage(1);
    setFilter(null);
    requestAnimationFrame(() => heading.current?.focus());
  };

  return (
    <section aria-labelledby="bulk-title" data-testid="bulk-upload">
      <h2 id="bulk-title" ref={heading} tabIndex={-1} className="h5 mb-3">
        Upload a CSV
      </h2>
      {batchId === null ? (
        <ChooseFile productId={productId} onUploaded={start} />
      ) : (
        <Batch
          productId={productId}
          batchId={batchId}
          companyTimeZone={companyTimeZone}
          remap={remap}
          page={page}
          filter={filter}
          onRemap={setRemap}
          onPage={setPage}
          onFilter={(next) => {
            setFilter(next);
            setPage(1);
          }}
          onRestart={() => start(null)}
        />
      )}
    </section>
  );
}

function Batch(props: {
  productId: number;
  batchId: number;
  companyTimeZone: string;
  remap: boolean;
  page: number;
  filter: ProblemFilter;
  onRemap: (remap: boolean) => void;
  onPage: (page: number) => void;
  onFilter: (filter: ProblemFilter) => void;
  onRestart: () => void;
}) {
  const { productId, batchId, page, filter } = props;
  const batch = useBatch(productId, batchId, page, filter);
  const cancel = useCancelBatch(productId);
  if (batch.isPending) return <Loading what="the upload" />;
  if (batch.isError) {
    return <LoadError what="The upload" error={batch.error} onRetry={() => void batch.refetch()} />;
  }
  const data = batch.data;
  const another = (
    <button type="button" className="btn btn-outline-primary" onClick={props.onRestart}>
      Upload another file
    </button>
  );

  if (data.status === 'confirmed') {
    const result = data.result;
    return (
      <div data-testid="bulk-result" role="status">
        <p className="alert alert-success">
          {result
            ? `${result.created.toLocaleString('en-US')} review request${result.created === 1 ? '' : 's'} created${result.refused ? `; ${result.refused.toLocaleString('en-US')} skipped` : ''}. You can follow them in the history.`
            : 'The batch was confirmed.'}
        </p>
        {result && result.refusals.length > 0 && (
          <ul className="small">
            {result.refusals.map((r) => (
              <li key={`${r.line}-${r.message}`}>
                Line {r.line}: {r.message}
              </li>
            ))}
          </ul>
        )}
        {another}
      </div>
    );
  }
  if (data.status === 'cancelled') {
    return (
      <div>
        <p>This upload was cancelled.</p>
        {another}
      </div>
    );
  }
  const cancelButton = (
    <button
      type="button"
      className="btn btn-outline-danger"
      disabled={cancel.isPending}
      onClick={() => cancel.mutate(batchId, { onSuccess: props.onRestart })}
    >
      {cancel.isPending && <InlineSpinner className="me-1" />}
      Cancel this upload
    </button>
  );

  if (!data.counts || props.remap) {
    return (
      <>
        <BulkMappingStep
          productId={productId}
          batch={data}
          onChecked={() => props.onRemap(false)}
        />
        <div className="mt-3 d-flex gap-2">{cancelButton}</div>
      </>
    );
  }
  return (
    <>
      <BulkReport batch={data} filter={filter} onFilter={props.onFilter} onPage={props.onPage} />
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => props.onRemap(true)}
        >
          Change the columns
        </button>
        {cancelButton}
      </div>
      {cancel.isError && (
        <p className="text-danger small mt-2" role="alert">
          {cancel.error.message}
        </p>
      )}
      <BulkSend productId={productId} batch={data} companyTimeZone={props.companyTimeZone} />
    </>
  );
}
