import {
  type ClientRecord,
  formatPhone,
  PHONE_EXAMPLE,
  type ProfileField,
  type ProfileUpdate,
  profileUpdateSchema,
} from '@pinpoint/contracts';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/profile-api';
import { type PickedPlace, PlaceSearch } from './place-search';

type TextField = Exclude<ProfileField, 'placeId'>;
type Values = Record<TextField, string>;
type Errors = Partial<Record<ProfileField | 'form', string>>;

function valuesOf(record: ClientRecord): Values {
  return {
    phone: formatPhone(record.phone),
    email: record.email ?? '',
    website: record.website ?? '',
    addressLine1: record.addressLine1 ?? '',
    addressLine2: record.addressLine2 ?? '',
    postalCode: record.postalCode ?? '',
  };
}

/** The saved location as the search shows it, from the record's stored names. */
function placeOf(record: ClientRecord): PickedPlace | null {
  if (!record.placeId && !record.city && !record.county && !record.state) return null;
  const parts = [record.city, record.city ? null : record.county, record.state, record.country];
  return {
    place_id: record.placeId,
    full_name: parts.filter(Boolean).join(', '),
    place_type: record.city ? 'City' : record.county ? 'County' : record.state ? 'State' : null,
  };
}

/** Each field's first problem, by field name, from the same schema the server uses. */
function clientSideErrors(update: ProfileUpdate): Errors {
  const parsed = profileUpdateSchema.safeParse(update);
  const errors: Errors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = (issue.path[0] as ProfileField | undefined) ?? 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

const FIELDS: {
  name: TextField;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
  width: number;
}[] = [
  {
    name: 'phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    hint: `For example ${PHONE_EXAMPLE}.`,
    width: 6,
  },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', width: 6 },
  {
    name: 'website',
    label: 'Website',
    type: 'url',
    autoComplete: 'url',
    hint: 'https:// is added when left out.',
    width: 12,
  },
  {
    name: 'addressLine1',
    label: 'Street address',
    type: 'text',
    autoComplete: 'address-line1',
    width: 12,
  },
  {
    name: 'addressLine2',
    label: 'Address line 2 (optional)',
    type: 'text',
    autoComplete: 'address-line2',
    width: 8,
  },
  {
    name: 'postalCode',
    label: 'ZIP code',
    type: 'text',
    autoComplete: 'postal-code',
    hint: '5 digits, or ZIP+4.',
    width: 4,
  },
];

/**
 * The contact fields a client may change, and its location picked through the places
 * search. Checked in the browser with the server's own schema first; the server's field
 * errors are shown next to their fields too.
 */
export function ProfileForm({ record }: { record: ClientRecord }) {
  const [values, setValues] = useState<Values>(() => valuesOf(record));
  const [place, setPlace] = useState<PickedPlace | null>(() => placeOf(record));
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfile(record.id);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const body: ProfileUpdate = { ...values };
    // The location is sent only when a new place was picked: the server looks it up again.
    if (place?.place_id && place.place_id !== record.placeId) body.placeId = place.place_id;
    const found = clientSideErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`profile-${first}`)?.focus();
      return;
    }
    try {
      const next = await update.mutateAsync(body);
      setValues(valuesOf(next));
      setPlace(placeOf(next) ?? place);
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fieldErrors();
        const { body: general, ...rest } = fields;
        setErrors({
          ...rest,
          form: general ?? (Object.keys(rest).length ? undefined : error.message),
        });
      } else {
        setErrors({ form: 'The profile could not be saved. Try again.' });
      }
    }
  };

  const fieldError = (name: ProfileField) => errors[name];
  const describedBy = (name: TextField, hint?: string) =>
    [hint ? `profile-${name}-hint` : null, fieldError(name) ? `profile-${name}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="profile-edit-heading">
      <h2 id="profile-edit-heading" className="h5 mb-3">
        Contact details and location
      </h2>
      {errors.form && (
        <Alert variant="danger" role="alert">
          {errors.form}
        </Alert>
      )}
      {Object.keys(errors).some((k) => k !== 'form') && (
        <Alert variant="danger" role="alert">
          Some fields need attention. Nothing was saved.
        </Alert>
      )}
      {saved && (
        <Alert variant="success" role="status" onClose={() => setSaved(false)} dismissible>
          Profile saved.
        </Alert>
      )}
      <Row>
        {FIELDS.map((field) => (
          <Col xs={12} md={field.width} key={field.name}>
            <Form.Group className="mb-3" controlId={`profile-${field.name}`}>
              <Form.Label>{field.label}</Form.Label>
              <Form.Control
                type={field.type}
                autoComplete={field.autoComplete}
                value={values[field.name]}
                isInvalid={Boolean(fieldError(field.name))}
                aria-invalid={Boolean(fieldError(field.name)) || undefined}
                aria-describedby={describedBy(field.name, field.hint)}
                disabled={update.isPending}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [field.name]: e.target.value }));
                  setSaved(false);
                }}
              />
              {field.hint && (
                <Form.Text id={`profile-${field.name}-hint`} muted>
                  {field.hint}
                </Form.Text>
              )}
              <Form.Control.Feedback type="invalid" id={`profile-${field.name}-error`}>
                {fieldError(field.name)}
              </Form.Control.Feedback>
            </Form.Group>
          </Col>
        ))}
      </Row>
      <PlaceSearch
        id="profile-placeId"
        label="Location"
        value={place}
        error={fieldError('placeId')}
        disabled={update.isPending}
        onPick={(picked) => {
          setPlace(picked);
          setSaved(false);
          setErrors(({ placeId: _cleared, ...rest }) => rest);
        }}
      />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? (
          <>
            <InlineSpinner className="me-2" />
            Saving…
          </>
        ) : (
          'Save profile'
        )}
      </Button>
    </Form>
  );
}
