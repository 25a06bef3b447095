import { PHOTO_CATEGORY_LABELS, type Photo } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Pager } from '../../../components/pager';
import { PHOTOS_PAGE_SIZE, useDeletePhoto, usePhotoEvents, usePhotos } from '../api/photos-api';
import { PhotoUploadForm } from './photo-upload-form';
import { PhotoViewer } from './photo-viewer';

const STATE_LABELS: Record<Photo['state'], string> = {
  live: 'Live',
  uploading: 'Uploading…',
  failed: 'Failed',
  deleting: 'Deleting…',
  deleted: 'Deleted',
};

/** A product's Business Profile photos: categories, thumbnails, the viewer, upload, delete. */
export function PhotoGallery({ productId }: { productId: number }) {
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const photos = usePhotos(productId, category, page);
  const remove = useDeletePhoto(productId);
  usePhotoEvents();
  const data = photos.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PHOTOS_PAGE_SIZE)) : 1;
  const total = data ? Object.values(data.categoryCounts).reduce((a, b) => a + b, 0) : 0;

  return (
    <>
      {data?.connections.map((c) => (
        <p key={c.id} className="small text-body-secondary">
          {c.lastSyncedAt
            ? `Last synced ${new Date(c.lastSyncedAt).toLocaleString()}`
            : 'Not synced yet'}{' '}
          from the Business Profile “{c.displayName || 'location'}”
        </p>
      ))}
      {data?.readOnly && (
        <p>
          These are the photos your listings use, from the Business Profile. They are managed on the
          Google Business Profile product.
        </p>
      )}
      {data &&
        !data.readOnly &&
        (adding ? (
          <PhotoUploadForm
            productId={productId}
            onDone={() => {
              setAdding(false);
              setCategory('');
              setPage(1);
            }}
          />
        ) : (
          <Button className="mb-3" onClick={() => setAdding(true)}>
            Add a photo
          </Button>
        ))}
      <ul className="nav nav-pills mb-3 flex-wrap" aria-label="Photo categories">
        {[
          ['', `All (${total})`] as const,
          ...Object.entries(data?.categoryCounts ?? {}).map(
            ([value, n]) => [value, `${PHOTO_CATEGORY_LABELS[value] ?? value} (${n})`] as const,
          ),
        ].map(([value, text]) => (
          <li className="nav-item" key={value || 'all'}>
            <button
              type="button"
              className={`nav-link${category === value ? ' active' : ''}`}
              aria-pressed={category === value}
              onClick={() => {
                setCategory(value);
                setPage(1);
              }}
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
      {photos.isPending && (
        <Spinner animation="border" role="status">
          <span className="visually-hidden">Loading photos…</span>
        </Spinner>
      )}
      {photos.isError && <Alert variant="danger">{photos.error.message}</Alert>}
      {data && data.items.length === 0 && (
        <p className="text-body-secondary">No photos here yet.</p>
      )}
      {data && data.items.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-3" aria-label="Photos">
          {data.items.map((photo, i) => {
            const label = PHOTO_CATEGORY_LABELS[photo.category] ?? photo.category;
            return (
              <li key={photo.id} style={{ width: 180 }} data-testid="photo">
                <button
                  type="button"
                  className="btn p-0 border-0 d-block"
                  onClick={() => setViewing(i)}
                  aria-label={`Open ${label.toLowerCase()} photo${photo.description ? `: ${photo.description}` : ''}`}
                >
                  {photo.thumbnailUrl ? (
                    <img
                      src={photo.thumbnailUrl}
                      alt=""
                      loading="lazy"
                      width={180}
                      height={135}
                      style={{ objectFit: 'cover' }}
                      className="rounded"
                    />
                  ) : (
                    <span
                      className="d-flex align-items-center justify-content-center bg-body-secondary rounded small"
                      style={{ width: 180, height: 135 }}
                    >
                      Held by Google
                    </span>
                  )}
                </button>
                <div className="d-flex justify-content-between align-items-center small mt-1">
                  <span>{label}</span>
                  <Badge
                    bg={
                      photo.state === 'failed'
                        ? 'danger'
                        : photo.state === 'live'
                          ? 'success'
                          : 'info'
                    }
                    data-testid="photo-state"
                  >
                    {STATE_LABELS[photo.state]}
                  </Badge>
                </div>
                {photo.failureReason && (
                  <small className="text-danger d-block">{photo.failureReason}</small>
                )}
                {!data.readOnly && photo.state === 'live' && (
                  <Button
                    variant="link"
                    size="sm"
                    className="p-0 text-danger"
                    onClick={() => {
                      if (window.confirm('Delete this photo from the Business Profile?')) {
                        remove.mutate({ photoId: photo.id, key: `${photo.id}-${Date.now()}` });
                      }
                    }}
                  >
                    Delete
                    <span className="visually-hidden">
                      {' '}
                      {label.toLowerCase()} photo {photo.id}
                    </span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pager label="Pages of photos" page={page} pages={pages} onPage={setPage} />
      {viewing !== null && data && (
        <PhotoViewer
          photos={data.items}
          index={viewing}
          onIndex={setViewing}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  );
}
