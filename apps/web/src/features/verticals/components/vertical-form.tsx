import {
  type LsaCategory,
  type VerticalInput,
  type VerticalInputDraft,
  verticalInputSchema,
} from '@pinpoint/contracts';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../lib/api-client';
import { useSaveVertical } from '../api/verticals-api';

type Field = 'name' | 'slug' | 'lsaCategory';
type Draft = Record<Field, string>;

/** The zod messages of the shared schema, keyed by field, the same the server answers with. */
function localErrors(draft: VerticalInputDraft): Partial<Record<Field, string>> {
  const parsed = verticalInputSchema.safeParse(draft);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Create or edit one vertical. Fields are checked with the shared schema before sending,
 * and the server's own field errors (a taken slug, an unknown category) land on the field.
 */
export function VerticalForm({
  editing,
  initial,
  categories,
  onDone,
}: {
  /** The vertical's id when editing; null to create. */
  editing: number | null;
  initial: Draft;
  categories: LsaCategory[];
  onDone: (message: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveVertical();
  const prefix = editing === null ? 'new-vertical' : `vertical-${editing}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = localErrors(draft);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const input: VerticalInput = verticalInputSchema.parse(draft);
    save.mutate(
      { id: editing, input },
      {
        onSuccess: (vertical) =>
          onDone(
            `${editing === null ? 'Created' : 'Saved'} “${vertical.name}” (${vertical.slug}).`,
          ),
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors() as typeof errors);
        },
      },
    );
  };

  const field = (name: Field, label: string, hint?: string) => (
    <Form.Group className="mb-2" controlId={`${prefix}-${name}`}>
      <Form.Label>{label}</Form.Label>
      {name === 'lsaCategory' ? (
        <Form.Select
          value={draft.lsaCategory}
          isInvalid={Boolean(errors.lsaCategory)}
          aria-invalid={errors.lsaCategory ? true : undefined}
          aria-describedby={`${prefix}-${name}-feedback`}
          onChange={(e) => setDraft((d) => ({ ...d, lsaCategory: e.target.value }))}
        >
          <option value="">Not mapped</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name} ({category.group})
            </option>
          ))}
          {draft.lsaCategory && !categories.some((c) => c.id === draft.lsaCategory) && (
            <option value={draft.lsaCategory}>{draft.lsaCategory} (not in the catalogue)</option>
          )}
        </Form.Select>
      ) : (
        <Form.Control
          value={draft[name]}
          isInvalid={Boolean(errors[name])}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={`${prefix}-${name}-feedback`}
          onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
        />
      )}
      <Form.Control.Feedback type="invalid" id={`${prefix}-${name}-feedback`}>
        {errors[name]}
      </Form.Control.Feedback>
      {hint && !errors[name] && <Form.Text>{hint}</Form.Text>}
    </Form.Group>
  );

  return (
    <Form
      noValidate
      onSubmit={submit}
      aria-label={editing === null ? 'New vertical' : 'Edit vertical'}
    >
      {field('name', 'Name')}
      {field('slug', 'Slug', 'Lowercase letters and digits joined by hyphens, like water-damage.')}
      {field('lsaCategory', 'LSA category')}
      {save.isError && !(save.error instanceof ApiError && save.error.body?.error.details) && (
        <Alert variant="danger">{save.error.message}</Alert>
      )}
      <Button type="submit" disabled={save.isPending}>
        {editing === null ? 'Create vertical' : 'Save changes'}
      </Button>
    </Form>
  );
}
