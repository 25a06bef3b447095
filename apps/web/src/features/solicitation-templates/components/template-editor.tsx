import {
  type SolicitationTemplateInput,
  TEMPLATE_EMAIL_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_SMS_MAX,
  TEMPLATE_SUBJECT_MAX,
  type TemplatePlaceholder,
} from '@pinpoint/contracts';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { useSaveTemplate } from '../api/save-template';
import { TemplatePreview } from './template-preview';

type Field = keyof SolicitationTemplateInput;
const PLACEHOLDERS = Object.keys(TEMPLATE_PLACEHOLDERS) as TemplatePlaceholder[];

/** Buttons that put `{first_name}`… at the cursor of a text box, and give the focus back. */
function PlaceholderButtons({
  target,
  label,
  onInsert,
}: {
  target: RefObject<HTMLTextAreaElement | HTMLInputElement | null>;
  label: string;
  onInsert: (next: string) => void;
}) {
  const insert = (name: TemplatePlaceholder) => {
    const box = target.current;
    if (!box) return;
    const token = `{${name}}`;
    const start = box.selectionStart ?? box.value.length;
    const end = box.selectionEnd ?? start;
    onInsert(box.value.slice(0, start) + token + box.value.slice(end));
    requestAnimationFrame(() => {
      box.focus();
      box.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <fieldset className="d-flex flex-wrap gap-1 mt-1">
      <legend className="visually-hidden">{`Insert into the ${label}`}</legend>
      {PLACEHOLDERS.map((name) => (
        <button
          key={name}
          type="button"
          className="btn btn-outline-secondary btn-sm py-0"
          title={TEMPLATE_PLACEHOLDERS[name]}
          aria-label={`Insert {${name}} into the ${label}`}
          onClick={() => insert(name)}
        >
          {`{${name}}`}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * Creates or edits one of the company's templates (a copy of a default starts filled in).
 * The server checks every rule (known placeholders, {review_link}, no review gating) and
 * names each problem under its field.
 */
export function TemplateEditor({
  productId,
  templateId,
  initial,
  onDone,
}: {
  productId: number;
  /** null: a new template (or a copy). */
  templateId: number | null;
  initial: SolicitationTemplateInput;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const save = useSaveTemplate(productId);
  const [values, setValues] = useState<SolicitationTemplateInput>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const sms = useRef<HTMLTextAreaElement>(null);
  const email = useRef<HTMLTextAreaElement>(null);
  const set = (name: Field) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({ id: templateId, input: values });
      onDone(templateId === null ? `Template "${values.name}" created.` : 'Template saved.');
    } catch (error) {
      if (error instanceof ApiError)
        setErrors(error.fieldErrors() as Partial<Record<Field, string>>);
    }
  };

  const feedback = (name: Field, hint?: string) =>
    errors[name] ? (
      <div id={`${id}-${name}-error`} className="invalid-feedback d-block">
        {errors[name]}
      </div>
    ) : hint ? (
      <div id={`${id}-${name}-hint`} className="form-text">
        {hint}
      </div>
    ) : null;
  const described = (name: Field, hint?: boolean) =>
    errors[name] ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined;
  const cls = (base: string, name: Field) => `${base}${errors[name] ? ' is-invalid' : ''}`;
  const general =
    save.error && !(save.error instanceof ApiError && Object.keys(save.error.fieldErrors()).length)
      ? save.error.message
      : null;

  return (
    <div className="row g-4">
      <form
        className="col-lg-7"
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label={templateId === null ? 'New template' : 'Edit template'}
        data-testid="template-form"
      >
        <div className="mb-3">
          <label htmlFor={`${id}-name`} className="form-label">
            Name
          </label>
          <input
            id={`${id}-name`}
            className={cls('form-control', 'name')}
            maxLength={TEMPLATE_NAME_MAX}
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
            aria-invalid={Boolean(errors.name)}
            aria-describedby={described('name')}
          />
          {feedback('name')}
        </div>
        <div className="mb-3">
          <label htmlFor={`${id}-sms`} className="form-label">
            SMS text
          </label>
          <textarea
            id={`${id}-sms`}
            ref={sms}
            rows={4}
            className={cls('form-control', 'smsBody')}
            maxLength={TEMPLATE_SMS_MAX}
            value={values.smsBody}
            onChange={(e) => set('smsBody')(e.target.value)}
            aria-invalid={Boolean(errors.smsBody)}
            aria-describedby={described('smsBody', true)}
          />
          <PlaceholderButtons target={sms} label="SMS text" onInsert={set('smsBody')} />
          {feedback('smsBody', 'Include {review_link} and "Reply STOP to opt out".')}
        </div>
        <div className="mb-3">
          <label htmlFor={`${id}-subject`} className="form-label">
            Email subject
          </label>
          <input
            id={`${id}-subject`}
            className={cls('form-control', 'emailSubject')}
            maxLength={TEMPLATE_SUBJECT_MAX}
            value={values.emailSubject}
            onChange={(e) => set('emailSubject')(e.target.value)}
            aria-invalid={Boolean(errors.emailSubject)}
            aria-describedby={described('emailSubject')}
          />
          {feedback('emailSubject')}
        </div>
        <div className="mb-3">
          <label htmlFor={`${id}-email`} className="form-label">
            Email text
          </label>
          <textarea
            id={`${id}-email`}
            ref={email}
            rows={7}
            className={cls('form-control', 'emailBody')}
            maxLength={TEMPLATE_EMAIL_MAX}
            value={values.emailBody}
            onChange={(e) => set('emailBody')(e.target.value)}
            aria-invalid={Boolean(errors.emailBody)}
            aria-describedby={described('emailBody', true)}
          />
          <PlaceholderButtons target={email} label="email text" onInsert={set('emailBody')} />
          {feedback(
            'emailBody',
            'Every customer gets the same link: ask for an honest review, never only happy customers.',
          )}
        </div>
        {general && (
          <div className="alert alert-danger small" role="alert">
            {general}
          </div>
        )}
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <InlineSpinner className="me-1" />}
            {templateId === null ? 'Create template' : 'Save template'}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => onDone('')}>
            Cancel
          </button>
        </div>
      </form>
      <div className="col-lg-5">
        <TemplatePreview productId={productId} draft={values} />
      </div>
    </div>
  );
}
