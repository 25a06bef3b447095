import type {
  Photo,
  PhotoList,
  photoListQuerySchema,
  photoUploadInputSchema,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { conflict, notFound } from '../../kernel/lib/app-error';
import { productAccess, withSubPage } from '../../platform/product-access/product-access';
import type { StoredImages } from '../../platform/stored-images/stored-images';
import type { VendorConnectionsRepository } from '../../platform/vendor-connections/vendor-connections.repository';
import { toConnectionView } from '../../platform/vendor-connections/vendor-connections.service';
import type { NewOutboxRow, OutboxRow } from '../../platform/vendor-sync/outbox.repository';
import type { PhotoRow, PhotosRepository } from './photos.repository';
import { PHOTO_WRITE_KINDS } from './photos.sync';

/** The listings products show the profile's photos; only the Google products manage them. */
const READ_ONLY_PRODUCTS = new Set(['managed-business-listings', 'business-listings']);

export interface PhotosServiceDeps {
  db: Db;
  repo: PhotosRepository;
  connections: VendorConnectionsRepository;
  images: StoredImages;
  enqueueWrite(row: NewOutboxRow): Promise<{ row: OutboxRow; created: boolean }>;
  publishChanged(companyId: number, photoId: number, state: string): void;
}

const proxied = (url: string | null) =>
  url ? `/api/main/image/proxy?url=${encodeURIComponent(url)}` : null;

/** A location's photos: read from our tables; uploads and deletes go through the outbox. */
export function createPhotosService(deps: PhotosServiceDeps) {
  const { repo } = deps;

  function toPhoto(row: PhotoRow): Photo {
    const ours = row.imageId
      ? deps.images.browserUrl({ id: row.imageId, companyId: row.companyId })
      : null;
    return {
      id: row.id,
      category: row.category,
      description: row.description,
      state: row.state as Photo['state'],
      failureReason: row.failureReason,
      width: row.width,
      height: row.height,
      views: row.views,
      takenAt: row.takenAt.toISOString(),
      imageId: row.imageId,
      imageUrl: ours ?? proxied(row.googleUrl),
      thumbnailUrl: ours ?? proxied(row.thumbnailUrl ?? row.googleUrl),
      vendorUrl: ours ? null : row.googleUrl,
    };
  }

  async function scopeOf(principal: Principal, productId: number) {
    const { product } = await productAccess(deps.db, principal, productId, {
      accepts: withSubPage('photos'),
      noReport: 'This product has no photos.',
    });
    const readOnly = READ_ONLY_PRODUCTS.has(product.slug);
    const connectionId = readOnly
      ? await repo.profileConnection(product.companyId)
      : product.connectionId;
    return { product, connectionId, readOnly };
  }

  return {
    async list(
      principal: Principal,
      productId: number,
      query: z.output<typeof photoListQuerySchema>,
    ): Promise<PhotoList> {
      const { product, connectionId, readOnly } = await scopeOf(principal, productId);
      const base = { page: query.page, pageSize: query.pageSize, readOnly };
      if (!connectionId)
        return { ...base, items: [], total: 0, categoryCounts: {}, connections: [] };
      const [page, counts, connections] = await Promise.all([
        repo.list(connectionId, query.category, query.pageSize, (query.page - 1) * query.pageSize),
        repo.categoryCounts(connectionId),
        deps.connections.listForCompany(product.companyId),
      ]);
      return {
        ...base,
        items: page.items.map(toPhoto),
        total: page.total,
        categoryCounts: counts,
        connections: connections
          .filter(({ connection }) => connection.id === connectionId)
          .map(({ connection, syncs }) => toConnectionView(connection, syncs, false)),
      };
    },

    async upload(
      principal: Principal,
      productId: number,
      input: z.output<typeof photoUploadInputSchema>,
    ) {
      const { product, connectionId, readOnly } = await scopeOf(principal, productId);
      if (readOnly) throw conflict('Photos are managed on the Business Profile product.');
      if (!connectionId) throw conflict('Connect the Business Profile first.');
      const image = await deps.images.store(
        product.companyId,
        {
          bytes: Buffer.from(input.dataBase64, 'base64'),
          declaredType: input.contentType,
          fileName: input.fileName,
        },
        principal.userId,
      );
      const photo = await repo.insertUpload({
        companyId: product.companyId,
        connectionId,
        category: input.category,
        description: input.description,
        imageId: image.id,
        width: image.width,
        height: image.height,
        state: 'uploading',
        takenAt: new Date(),
        createdBy: principal.userId,
      });
      await deps.enqueueWrite({
        companyId: product.companyId,
        connectionId,
        kind: PHOTO_WRITE_KINDS.upload,
        idempotencyKey: `${PHOTO_WRITE_KINDS.upload}:${principal.userId}:${input.idempotencyKey}`,
        subjectType: 'photo',
        subjectId: photo.id,
        payload: { photoId: photo.id },
        status: 'pending',
        createdBy: principal.userId,
      });
      deps.publishChanged(product.companyId, photo.id, photo.state);
      return toPhoto(photo);
    },

    async remove(principal: Principal, productId: number, photoId: number, idempotencyKey: string) {
      const { product, connectionId, readOnly } = await scopeOf(principal, productId);
      if (readOnly) throw conflict('Photos are managed on the Business Profile product.');
      const photo = await repo.get(photoId);
      if (!photo || photo.connectionId !== connectionId || photo.state === 'deleted') {
        throw notFound('No such photo.');
      }
      const marked = await repo.updateState(photo.id, { state: 'deleting' });
      await deps.enqueueWrite({
        companyId: product.companyId,
        connectionId: photo.connectionId,
        kind: PHOTO_WRITE_KINDS.delete,
        idempotencyKey: `${PHOTO_WRITE_KINDS.delete}:${principal.userId}:${idempotencyKey}`,
        subjectType: 'photo',
        subjectId: photo.id,
        payload: { photoId: photo.id },
        status: 'pending',
        createdBy: principal.userId,
      });
      deps.publishChanged(product.companyId, photo.id, 'deleting');
      return toPhoto(marked ?? photo);
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
