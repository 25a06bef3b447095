import { PHOTO_CATEGORY_LABELS, type Photo } from '@pinpoint/contracts';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

export interface PhotoViewerProps {
  photos: Photo[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}

/** One photo large, with the previous and next ones a key away (arrows; Esc closes). */
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
    <Modal show onHide={onClose} size="lg" centered aria-labelledby="photo-viewer-title">
      <Modal.Header closeButton>
        <Modal.Title id="photo-viewer-title" className="h5">
          {label} · {index + 1} of {photos.length}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
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
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
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
      </Modal.Footer>
    </Modal>
  );
}
