import { describeSmsSegments, type SolicitationTemplatePreviewInput } from '@pinpoint/contracts';
import { InlineSpinner } from '../../../components/load-states';
import { useTemplatePreview } from '../api/preview-template';

/**
 * The live preview of a template being edited: the SMS as the phone shows it with its
 * segment count ("2 segments · GSM-7 · 171 characters"), the email's subject and text, and
 * advice (no STOP wording, an unknown placeholder). Rendered by the server, with the same
 * function the sender uses.
 */
export function TemplatePreview({
  productId,
  draft,
}: {
  productId: number;
  draft: SolicitationTemplatePreviewInput;
}) {
  const preview = useTemplatePreview(productId, draft);
  const data = preview.data;
  return (
    <section
      aria-labelledby="template-preview-title"
      className="border rounded p-3 bg-body-tertiary"
    >
      <h3 id="template-preview-title" className="h6 d-flex align-items-center gap-2">
        Preview {preview.isFetching && <InlineSpinner />}
      </h3>
      {preview.isError && (
        <p className="text-danger small" role="alert">
          The preview could not be made: {preview.error.message}
        </p>
      )}
      {!data && !preview.isError && <p className="text-body-secondary small">Preparing…</p>}
      {data && (
        <>
          <p className="small text-body-secondary mb-1">SMS</p>
          <div
            className="bg-white border rounded-3 p-2 mb-1 small"
            style={{ whiteSpace: 'pre-wrap', maxWidth: '22rem' }}
            data-testid="sms-preview"
          >
            {data.sms.text || <span className="text-body-secondary">(empty)</span>}
          </div>
          <p className="small mb-3" aria-live="polite" data-testid="sms-segments">
            {describeSmsSegments(data.sms)}
            {data.sms.encoding === 'UCS-2' && (
              <span className="text-body-secondary">
                {' '}
                (a character outside the GSM alphabet, such as an emoji, halves the room per
                segment)
              </span>
            )}
          </p>
          <p className="small text-body-secondary mb-1">Email</p>
          <div className="bg-white border rounded-3 p-2 small" data-testid="email-preview">
            <p className="fw-semibold mb-2">{data.email.subject || '(no subject)'}</p>
            <div style={{ whiteSpace: 'pre-wrap' }}>{data.email.text}</div>
          </div>
          {data.warnings.length > 0 && (
            <ul className="small text-warning-emphasis mt-3 mb-0" aria-label="Advice">
              {data.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
