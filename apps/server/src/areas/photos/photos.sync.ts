import { z } from 'zod';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { StoredImages } from '../../platform/stored-images/stored-images';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import { defineOutboxWrite, type OutboxWriteDefinition } from '../../platform/vendor-sync/outbox';
import type {
  MediaProvider,
  VendorMediaItem,
} from '../../providers/google-business-profile/media-port';
import { VendorError } from '../../providers/kernel/vendor-errors';
import type { PhotosRepository } from './photos.repository';

export const PHOTO_WRITE_KINDS = { upload: 'photo.upload', delete: 'photo.delete' };

export interface PhotoSyncDeps {
  repo: PhotosRepository;
  provider: MediaProvider;
  images: StoredImages;
  events: EventPublisher;
}

const changed = (
  deps: PhotoSyncDeps,
  companyId: number,
  photoId: number | null,
  state: string | null,
) =>
  deps.events.publish({
    type: 'photo.changed',
    payload: { companyId, photoId, state },
    audience: { client: companyId },
  });

/** A location's photos, newest first (Google's media.list), every 6 hours. */
export function createPhotoSync(deps: PhotoSyncDeps): SyncDefinition<VendorMediaItem> {
  return defineSync<VendorMediaItem>({
    vendor: 'google-business-profile',
    dataset: 'photos',
    everyMinutes: 360,
    fetchPage: async ({ access, signal }, pageToken) => {
      const page = await deps.provider.listMedia(access, { pageToken, pageSize: 100 }, signal);
      return { items: page.items, nextPageToken: page.nextPageToken };
    },
    changedAt: (item) => item.createdAt,
    writePage: (tx, connection, items) => deps.repo.upsertPage(tx, connection, items),
    afterRun: async (connection, createdIds) => {
      if (createdIds.length) changed(deps, connection.companyId, null, null);
    },
  });
}

const photoPayload = z.object({ photoId: z.number().int() });

/** Adding a photo (Google fetches our signed link) and deleting one, as outbox writes. */
export function createPhotoWrites(deps: PhotoSyncDeps): OutboxWriteDefinition[] {
  // A refused upload is shown failed with the vendor's reason; a refused delete stays live.
  const failedOrChanged = async (row: {
    companyId: number;
    subjectId: number;
    status: string;
    lastError: string | null;
    kind: string;
  }) => {
    if (row.status === 'failed') {
      const upload = row.kind === PHOTO_WRITE_KINDS.upload;
      await deps.repo.updateState(row.subjectId, {
        state: upload ? 'failed' : 'live',
        failureReason: row.lastError ?? 'The vendor refused it.',
      });
    }
    changed(deps, row.companyId, row.subjectId, row.status);
  };
  return [
    defineOutboxWrite({
      kind: PHOTO_WRITE_KINDS.upload,
      payload: photoPayload,
      send: async ({ payload, access }) => {
        const photo = await deps.repo.get(payload.photoId);
        if (!photo || photo.state === 'deleted') return { skipped: true };
        let sourceUrl: string | null = null;
        if (photo.imageId && deps.provider.mode === 'live') {
          try {
            sourceUrl = deps.images.publicUrl(photo.imageId);
          } catch (error) {
            throw new VendorError('google-business-profile', 'invalid', (error as Error).message);
          }
        }
        const item = await deps.provider.createMedia(access, {
          category: photo.category,
          description: photo.description,
          sourceUrl,
        });
        return {
          externalId: item.externalId,
          googleUrl: item.googleUrl,
          thumbnailUrl: item.thumbnailUrl,
        };
      },
      applySent: async (tx, _row, payload, result) => {
        if (result.skipped) return;
        const sent = z
          .object({
            externalId: z.string(),
            googleUrl: z.string().nullable(),
            thumbnailUrl: z.string().nullable(),
          })
          .parse(result);
        await deps.repo.update(tx, payload.photoId, {
          ...sent,
          state: 'live',
          failureReason: null,
        });
      },
      onChange: failedOrChanged,
    }),
    defineOutboxWrite({
      kind: PHOTO_WRITE_KINDS.delete,
      payload: photoPayload,
      send: async ({ payload, access }) => {
        const photo = await deps.repo.get(payload.photoId);
        if (!photo?.externalId) return {};
        try {
          await deps.provider.deleteMedia(access, photo.externalId);
        } catch (error) {
          // Already gone at the vendor: done.
          if (!(error instanceof VendorError && error.code === 'not_found')) throw error;
        }
        return {};
      },
      applySent: async (tx, _row, payload) => {
        await deps.repo.update(tx, payload.photoId, { state: 'deleted' });
      },
      onChange: failedOrChanged,
    }),
  ];
}
