/**
 * TemplatesPanel — the review-request templates of one review-solicitation product.
 *
 * Props:
 * - `productId` (number): the product instance the page is about; every call goes to
 *   `/api/uni/products/reviewsolicitation/{productId}/templates…` (its company's templates).
 *
 * Lists the agency's defaults (copy only) and the company's own (edit, archive), and opens
 * the editor with its live preview (SMS segment count, email) for a new template, a copy or
 * an edit. Composed by app/routes/dashboard/review-solicitation-page.tsx.
 */
import type { SolicitationTemplate, SolicitationTemplateInput } from '@pinpoint/contracts';
import { useRef, useState } from 'react';
import { InlineSpinner, LoadError, Loading } from '../../../components/load-states';
import { useTemplates } from '../../../lib/solicitation-api';
import { useArchiveTemplate } from '../api/archive-template';
import { TemplateEditor } from './template-editor';

type Editing = { templateId: number | null; initial: SolicitationTemplateInput; title: string };

const BLANK: SolicitationTemplateInput = {
  name: '',
  smsBody:
    'Hi {first_name}, thanks for choosing {business}! Please share your experience: {review_link} Reply STOP to opt out.',
  emailSubject: 'Thanks for choosing {business}',
  emailBody:
    'Hi {first_name},\n\nThank you for choosing {business}. Would you tell others about your experience?\n\n{review_link}\n\nThank you!',
};

const fieldsOf = (t: SolicitationTemplate): SolicitationTemplateInput => ({
  name: t.name,
  smsBody: t.smsBody,
  emailSubject: t.emailSubject,
  emailBody: t.emailBody,
});

function TemplateRow({
  template,
  onCopy,
  onEdit,
  productId,
  onArchived,
}: {
  template: SolicitationTemplate;
  onCopy: () => void;
  onEdit: () => void;
  productId: number;
  onArchived: (message: string) => void;
}) {
  const archive = useArchiveTemplate(productId);
  const [asking, setAsking] = useState(false);
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2">
      <div className="me-auto">
        <span className="fw-semibold">{template.name}</span>{' '}
        {template.isDefault && <span className="badge text-bg-secondary">Agency default</span>}
        <div className="small text-body-secondary text-truncate" style={{ maxWidth: '36rem' }}>
          {template.smsBody}
        </div>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        onClick={onCopy}
        aria-label={`Copy ${template.name}`}
      >
        Copy
      </button>
      {!template.isDefault && (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={onEdit}
          aria-label={`Edit ${template.name}`}
        >
          Edit
        </button>
      )}
      {!template.isDefault &&
        (asking ? (
          <fieldset className="d-inline-flex gap-1 border-0 p-0 m-0">
            <legend className="visually-hidden">{`Archive ${template.name}?`}</legend>
            <button
              type="button"
              className="btn btn-sm btn-danger"
              disabled={archive.isPending}
              onClick={() =>
                archive.mutate(template.id, {
                  onSuccess: () => onArchived(`Template "${template.name}" archived.`),
                })
              }
            >
              {archive.isPending && <InlineSpinner className="me-1" />}
              Archive it
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => setAsking(false)}
            >
              Keep
            </button>
          </fieldset>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => setAsking(true)}
            aria-label={`Archive ${template.name}`}
          >
            Archive
          </button>
        ))}
      {archive.isError && (
        <span className="text-danger small w-100" role="alert">
          {archive.error.message}
        </span>
      )}
    </li>
  );
}

export function TemplatesPanel({ productId }: { productId: number }) {
  const templates = useTemplates(productId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const open = (next: Editing) => {
    setNotice('');
    setEditing(next);
  };
  const done = (message: string) => {
    setEditing(null);
    setNotice(message);
    heading.current?.focus();
  };

  return (
    <section aria-labelledby="templates-title" data-testid="templates-panel">
      <div className="d-flex align-items-center gap-2 mb-3">
        <h2 id="templates-title" ref={heading} tabIndex={-1} className="h5 mb-0 me-auto">
          Message templates
        </h2>
        {!editing && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => open({ templateId: null, initial: BLANK, title: 'New template' })}
          >
            New template
          </button>
        )}
      </div>

      <div role="status" className={notice ? 'alert alert-success py-2 small' : 'visually-hidden'}>
        {notice}
      </div>
      {editing ? (
        <>
          <h3 className="h6 mb-3">{editing.title}</h3>
          <TemplateEditor
            key={`${editing.templateId}-${editing.title}`}
            productId={productId}
            templateId={editing.templateId}
            initial={editing.initial}
            onDone={done}
          />
        </>
      ) : templates.isPending ? (
        <Loading what="the templates" />
      ) : templates.isError ? (
        <LoadError
          what="The templates"
          error={templates.error}
          onRetry={() => void templates.refetch()}
        />
      ) : templates.data.templates.length === 0 ? (
        <p className="text-body-secondary">
          No templates yet. Create one to start asking for reviews.
        </p>
      ) : (
        <ul className="list-group" aria-label="Templates">
          {templates.data.templates.map((template) => (
            <TemplateRow
              key={template.id}
              template={template}
              productId={productId}
              onArchived={done}
              onCopy={() =>
                open({
                  templateId: null,
                  initial: { ...fieldsOf(template), name: `${template.name} (copy)` },
                  title: `Copy of ${template.name}`,
                })
              }
              onEdit={() =>
                open({
                  templateId: template.id,
                  initial: fieldsOf(template),
                  title: `Edit ${template.name}`,
                })
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
