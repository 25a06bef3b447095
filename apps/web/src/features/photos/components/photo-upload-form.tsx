import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  PHOTO_CATEGORY_LABELS,
} from '@pinpoint/contracts';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { fileToBase64, useUploadPhoto } from '../api/photos-api';

const newKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/** Adds a photo: a category, the file (checked here and again on the server), a caption. */
export function PhotoUploadForm({ productId, onDone }: { productId: number; onDone(): void }) {
  const id = useId();
  const [category, setCategory] = useState('EXTERIOR');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadPhoto(productId);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem('Choose a picture.');
    if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      return setProblem('Choose a JPEG, PNG or WebP image.');
    }
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return setProblem('The image is larger than 10 MB.');
    setProblem(null);
    upload.mutate(
      {
        category,
        description,
        fileName: file.name,
        contentType: file.type,
        dataBase64: await fileToBase64(file),
        idempotencyKey: newKey(),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Add a photo" className="border rounded p-3 mb-3">
      <div className="d-flex flex-wrap gap-3 align-items-end">
        <Form.Group controlId={`${id}-category`}>
          <Form.Label>Category</Form.Label>
          <Form.Select value={category} onChange={(e) => setCategory(e.target.value)}>
            {Object.entries(PHOTO_CATEGORY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={`${id}-file`}>
          <Form.Label>Picture (JPEG, PNG or WebP, up to 10 MB)</Form.Label>
          <Form.Control
            type="file"
            accept="image/jpeg,image/png,image/webp"
            isInvalid={Boolean(problem)}
            onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
          {problem && <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>}
        </Form.Group>
        <Form.Group controlId={`${id}-description`} className="flex-grow-1">
          <Form.Label>Caption (optional)</Form.Label>
          <Form.Control
            value={description}
            maxLength={1000}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Group>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </Button>
      </div>
      <Form.Text>
        Location and camera details are removed from the picture before it is stored.
      </Form.Text>
      {upload.isError && (
        <Alert variant="danger" className="mt-2 mb-0">
          {upload.error.message}
        </Alert>
      )}
    </Form>
  );
}
