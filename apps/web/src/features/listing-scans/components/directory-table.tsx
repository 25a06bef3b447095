import {
  formatInstantDateTime,
  LISTING_DATA_UNAVAILABLE,
  type ListingScanRow,
  NAP_FIELD_LABELS,
  NAP_FIELDS,
  type NapField,
} from '@pinpoint/contracts';

const STATUS: Record<ListingScanRow['status'], { text: string; className: string }> = {
  found: { text: 'Found', className: 'text-bg-success' },
  not_found: { text: 'Not found', className: 'text-bg-secondary' },
  unavailable: { text: 'Unavailable', className: 'text-bg-warning' },
};

/** Fields a Fix would send: those the directory shows differently or not at all. */
export const fixableFields = (row: ListingScanRow): NapField[] =>
  row.status === 'found'
    ? NAP_FIELDS.filter((f) => row.fields[f] === 'mismatch' || row.fields[f] === 'missing')
    : [];

function Problems({ row }: { row: ListingScanRow }) {
  if (row.status === 'unavailable') {
    return (
      <span>
        {LISTING_DATA_UNAVAILABLE}
        {row.reason && <span className="d-block small text-body-secondary">{row.reason}</span>}
      </span>
    );
  }
  if (row.status === 'not_found') {
    return <span className="text-body-secondary">The business is not listed here.</span>;
  }
  const wrong = fixableFields(row);
  if (wrong.length === 0 && row.duplicates === 0) {
    return <span className="text-success">Name, address, phone and website match.</span>;
  }
  return (
    <ul className="list-unstyled mb-0">
      {wrong.map((field) => (
        <li key={field}>
          <strong>{NAP_FIELD_LABELS[field]}</strong>:{' '}
          {row.fields[field] === 'missing' ? (
            <span className="fst-italic">missing</span>
          ) : (
            <span>shows “{row.found?.[field]}”</span>
          )}
        </li>
      ))}
      {row.duplicates > 0 && (
        <li>
          <strong>Duplicate</strong>: {row.duplicates} other{' '}
          {row.duplicates === 1 ? 'listing' : 'listings'} of this business
        </li>
      )}
    </ul>
  );
}

function FixCell({
  row,
  canManage,
  busy,
  onFix,
}: {
  row: ListingScanRow;
  canManage: boolean;
  busy: boolean;
  onFix: (row: ListingScanRow, fields: NapField[]) => void;
}) {
  const fields = fixableFields(row);
  const fix = row.fix;
  return (
    <div>
      {fix && (
        <span className="d-block small">
          {fix.status === 'pending' && 'Fix pending'}
          {fix.status === 'sent' && 'Fix sent: the next scan confirms it'}
          {fix.status === 'failed' && (
            <span className="text-danger">Fix failed: {fix.error ?? 'not sent'}</span>
          )}
        </span>
      )}
      {canManage && fields.length > 0 && fix?.status !== 'pending' && (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm mt-1"
          disabled={busy}
          onClick={() => onFix(row, fields)}
          aria-label={`Fix ${fields.map((f) => NAP_FIELD_LABELS[f].toLowerCase()).join(', ')} on ${row.name}`}
        >
          Fix
        </button>
      )}
    </div>
  );
}

/** The directory table: status, what is wrong field by field, last checked, the fix. */
export function DirectoryTable({
  rows,
  canManage,
  fixing,
  onFix,
}: {
  rows: ListingScanRow[];
  canManage: boolean;
  fixing: string | null;
  onFix: (row: ListingScanRow, fields: NapField[]) => void;
}) {
  return (
    <div className="table-responsive">
      <table className="table align-middle" aria-label="Directories">
        <thead>
          <tr>
            <th scope="col">Directory</th>
            <th scope="col">Status</th>
            <th scope="col">What is wrong</th>
            <th scope="col">Last checked</th>
            <th scope="col">Fix</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.directory} data-directory={row.directory}>
              <th scope="row" className="fw-normal">
                {row.listingUrl ? (
                  <a href={row.listingUrl} target="_blank" rel="noreferrer noopener">
                    {row.name}
                  </a>
                ) : (
                  row.name
                )}
              </th>
              <td>
                <span className={`badge ${STATUS[row.status].className}`}>
                  {STATUS[row.status].text}
                </span>
              </td>
              <td>
                <Problems row={row} />
              </td>
              <td className="small text-nowrap">{formatInstantDateTime(row.checkedAt)}</td>
              <td>
                <FixCell
                  row={row}
                  canManage={canManage}
                  busy={fixing === row.directory}
                  onFix={onFix}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
