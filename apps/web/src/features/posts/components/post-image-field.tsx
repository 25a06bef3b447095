import { PHOTO_CATEGORY_LABELS } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Pager } from '../../../components/pager';
import { PICKER_PAGE_SIZE, useProfilePhotos } from '../api/get-profile-photos';
import { imageFileProblem, useUploadImage } from '../api/upload-image';

/** A post's picture: an upload we store, or a photo of the profile (ours, or Google's URL). */
export interface PostImage {
  imageId: number | null;
  mediaUrl: string | null;
  /** Where the browser shows it. */
  url: string;
}

export interface PostImageFieldProps {
  id: string;
  companyId: number;
  /** A Google product's id: its profile photos can be chosen. Facebook posts upload only. */
  photosProductId: number | null;
  image: PostImage | null;
  onImage(image: PostImage | null): void;
  error: string | undefined;
  onError(message: string | null): void;
  onBusy?(busy: boolean): void;
}

/** Upload a picture, or choose one of the profile's photos (issue 16: "upload or from the photos"). */
export function PostImageField(props: PostImageFieldProps) {
  const { id, companyId, photosProductId, image, onImage, error, onError } = props;
  const upload = useUploadImage(companyId);
  const [picking, setPicking] = useState(false);

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return onError(problem);
    onError(null);
    props.onBusy?.(true);
    upload.mutate(file, {
      onSuccess: (stored) => onImage({ imageId: stored.id, mediaUrl: null, url: stored.url }),
      onError: (failure) => onError(failure.message),
      onSettled: () => props.onBusy?.(false),
    });
  };

  return (
    <Form.Group className="mb-3" controlId={`${id}-image`}>
      <Form.Label>Picture (JPEG, PNG or WebP, up to 10 MB)</Form.Label>
      <Form.Control
        type="file"
        accept="image/jpeg,image/png,image/webp"
        isInvalid={error ? true : undefined}
        onChange={(e) => pickFile((e.target as HTMLInputElement).files?.[0])}
      />
      {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
      {upload.isPending && <Form.Text>Uploading the picture…</Form.Text>}
      {photosProductId !== null && (
        <Button
          variant="link"
          size="sm"
          className="px-0 d-block"
          aria-expanded={picking}
          aria-controls={`${id}-picker`}
          onClick={() => setPicking((open) => !open)}
        >
          {picking ? 'Close the profile photos' : 'Or choose one of the profile photos'}
        </Button>
      )}
      {picking && photosProductId !== null && (
        <ProfilePhotoPicker
          id={`${id}-picker`}
          productId={photosProductId}
          chosen={image}
          onChoose={(chosen) => {
            onError(null);
            onImage(chosen);
            setPicking(false);
          }}
        />
      )}
      {image && (
        <div className="mt-2 d-flex align-items-center gap-2">
          <img
            src={image.url}
            alt="Chosen for the post"
            width={96}
            height={72}
            style={{ objectFit: 'cover' }}
            data-testid="post-form-image"
          />
          <Button variant="link" size="sm" onClick={() => onImage(null)}>
            Remove picture
          </Button>
        </div>
      )}
    </Form.Group>
  );
}

function ProfilePhotoPicker({
  id,
  productId,
  chosen,
  onChoose,
}: {
  id: string;
  productId: number;
  chosen: PostImage | null;
  onChoose(image: PostImage): void;
}) {
  const [page, setPage] = useState(1);
  const photos = useProfilePhotos(productId, page, true);
  const live = (photos.data?.items ?? []).filter((p) => p.state === 'live' && p.imageUrl);
  const pages = Math.max(1, Math.ceil((photos.data?.total ?? 0) / PICKER_PAGE_SIZE));
  return (
    <div id={id} className="border rounded p-2 mt-1">
      {photos.isPending && (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading the profile photos…</span>
        </Spinner>
      )}
      {photos.isError && <Alert variant="danger">{photos.error.message}</Alert>}
      {photos.data && live.length === 0 && (
        <p className="text-body-secondary small mb-0">The profile has no photos on this page.</p>
      )}
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label="Profile photos">
        {live.map((photo) => {
          const label = PHOTO_CATEGORY_LABELS[photo.category] ?? photo.category;
          const picked =
            (photo.imageId !== null && chosen?.imageId === photo.imageId) ||
            (photo.vendorUrl !== null && chosen?.mediaUrl === photo.vendorUrl);
          return (
            <li key={photo.id}>
              <button
                type="button"
                className={`btn p-0 border ${picked ? 'border-primary border-3' : ''}`}
                aria-pressed={picked}
                onClick={() =>
                  onChoose({
                    imageId: photo.imageId,
                    mediaUrl: photo.imageId === null ? photo.vendorUrl : null,
                    url: photo.imageUrl ?? '',
                  })
                }
              >
                <img
                  src={photo.thumbnailUrl ?? photo.imageUrl ?? ''}
                  alt={
                    photo.description ? `${label}: ${photo.description}` : `${label} ${photo.id}`
                  }
                  width={96}
                  height={72}
                  loading="lazy"
                  style={{ objectFit: 'cover' }}
                />
              </button>
            </li>
          );
        })}
      </ul>
      <Pager label="Pages of profile photos" page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
