import { PHOTO_CATEGORY_LABELS, type Photo } from '@pinpoint/contracts';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { Drawer } from '../../../components/drawer';

export interface PhotoViewerProps {
  photos: Photo[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}

/**
 * One photo large, with the previous and next ones a key away (arrows; Escape closes). It
 * is the product's one dialog (a native modal `<dialog>`, focus kept inside and given back
 * on close), so the gallery adds no modal library to every page's download.
 */
export function PhotoViewer({ photos, index, onIndex, onClose }: PhotoViewerProps) {
  const photo = photos[index];
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight' && index < photos.length - 1) onIndex(index + 1);
      if (event.key === 'ArrowLeft' && index > 0) onIndex(index - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, photos.length, onIndex]);
  if (!photo) return null;
  const label = PHOTO_CATEGORY_LABELS[photo.category] ?? photo.category;
  return (
    <Drawer
      id="photo-viewer"
      open
      onClose={onClose}
      placement="end"
      labelledBy="photo-viewer-title"
      closeLabel="Close the photo"
      style={{ width: 'min(48rem, 100vw)' }}
      header={
        <h2 id="photo-viewer-title" className="h5 mb-0">
          {label} · {index + 1} of {photos.length}
        </h2>
      }
    >
      <div className="text-center">
        {photo.imageUrl ? (
          <img
            src={photo.imageUrl}
            alt={photo.description || `${label} photo`}
            className="img-fluid"
          />
        ) : (
          <p className="text-body-secondary">Google holds this picture; it has no copy here.</p>
        )}
        {photo.description && <p className="mt-2 mb-0">{photo.description}</p>}
        <p className="small text-body-secondary mb-0">
          {new Date(photo.takenAt).toLocaleDateString()} ·{' '}
          {photo.views === null ? 'views not given' : `${photo.views.toLocaleString()} views`}
        </p>
      </div>
      <div className="d-flex justify-content-between mt-3">
        <Button
          variant="outline-secondary"
          disabled={index === 0}
          onClick={() => onIndex(index - 1)}
        >
          Previous
        </Button>
        <Button
          variant="outline-secondary"
          disabled={index >= photos.length - 1}
          onClick={() => onIndex(index + 1)}
        >
          Next
        </Button>
      </div>
    </Drawer>
  );
}
