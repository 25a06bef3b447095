import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../kernel/db/database';
import { storedImages } from '../../kernel/db/schema';
import { AppError, badRequest } from '../../kernel/lib/app-error';
import { signLink } from '../../kernel/lib/signed-link';

/** An upload as it arrives: its bytes and the type the browser claimed (checked, not trusted). */
export interface ImageUpload {
  bytes: Uint8Array;
  declaredType?: string;
  fileName?: string;
}

/** A stored image without its bytes. */
export interface StoredImageInfo {
  id: number;
  companyId: number;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
  sha256: string;
}

/**
 * Uploaded images (stored_images): checked (type by content, 10 MB at most), measured, their
 * GPS metadata removed, then stored. Posts and photos both use it. The browser reads one
 * through `browserUrl`; a vendor that fetches media by URL (Google's localPosts and media)
 * gets `publicUrl`, a signed link that works without a session.
 */
export interface StoredImages {
  /** Throws a 400/413 AppError naming what is wrong (type, size, unreadable). */
  store(companyId: number, upload: ImageUpload, createdBy: number | null): Promise<StoredImageInfo>;
  info(imageId: number): Promise<StoredImageInfo | null>;
  bytes(imageId: number): Promise<{ info: StoredImageInfo; bytes: Uint8Array } | null>;
  /** Same-origin path the signed-in browser loads the image from. */
  browserUrl(info: Pick<StoredImageInfo, 'id' | 'companyId'>): string;
  /** Absolute signed URL for vendors (needs PUBLIC_URL). */
  publicUrl(imageId: number): string;
}

export interface StoredImagesDeps {
  db: Db;
  publicUrl: string | null;
  linkSecret: Buffer;
}

export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** 50 megapixels: a phone's largest photo, far below what would exhaust memory decoding. */
const MAX_PIXELS = 50_000_000;
/** Vendors fetch an image within minutes of the write; a week covers retries and reviews. */
const PUBLIC_LINK_DAYS = 7;

const FORMATS = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
type Format = keyof typeof FORMATS;

const infoColumns = {
  id: storedImages.id,
  companyId: storedImages.companyId,
  contentType: storedImages.contentType,
  byteSize: storedImages.byteSize,
  width: storedImages.width,
  height: storedImages.height,
  sha256: storedImages.sha256,
};

/**
 * Re-encodes an upload the way it is stored: its real type read from its bytes, turned
 * upright (EXIF orientation applied), and written again without any metadata, so GPS
 * position, camera serials and the like never reach our tables or a vendor.
 */
export async function cleanImage(bytes: Uint8Array) {
  if (bytes.length === 0) throw badRequest('The file is empty.');
  if (bytes.length > IMAGE_UPLOAD_MAX_BYTES) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The image is larger than 10 MB.');
  }
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata());
  } catch {
    throw badRequest('That file is not an image Pinpoint can read. Upload a JPEG, PNG or WebP.');
  }
  if (!format || !(format in FORMATS)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG or WebP image.');
  }
  const kind = format as Format;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .toFormat(kind, kind === 'png' ? {} : { quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: FORMATS[kind], width: info.width, height: info.height };
  } catch {
    throw badRequest('That image could not be read to the end. Upload it again or another one.');
  }
}

export function createStoredImages(deps: StoredImagesDeps): StoredImages {
  const { db } = deps;
  return {
    async store(companyId, upload, createdBy) {
      const clean = await cleanImage(upload.bytes);
      const sha256 = createHash('sha256').update(clean.bytes).digest('hex');
      // The same picture uploaded twice is one row.
      await db
        .insert(storedImages)
        .values({
          companyId,
          contentType: clean.contentType,
          bytes: clean.bytes,
          byteSize: clean.bytes.length,
          width: clean.width,
          height: clean.height,
          sha256,
          createdBy,
        })
        .onConflictDoNothing();
      const [row] = await db
        .select(infoColumns)
        .from(storedImages)
        .where(and(eq(storedImages.companyId, companyId), eq(storedImages.sha256, sha256)));
      if (!row) throw new Error('stored image vanished after its insert');
      return row;
    },
    async info(imageId) {
      const [row] = await db
        .select(infoColumns)
        .from(storedImages)
        .where(eq(storedImages.id, imageId));
      return row ?? null;
    },
    async bytes(imageId) {
      const [row] = await db
        .select({ ...infoColumns, bytes: storedImages.bytes })
        .from(storedImages)
        .where(eq(storedImages.id, imageId));
      if (!row) return null;
      const { bytes, ...info } = row;
      return { info, bytes };
    },
    browserUrl: ({ id, companyId }) => `/api/uni/client/${companyId}/images/${id}`,
    publicUrl(imageId) {
      if (!deps.publicUrl) {
        throw new Error('Set PUBLIC_URL so vendors can fetch uploaded images from Pinpoint.');
      }
      const expires = new Date(Date.now() + PUBLIC_LINK_DAYS * 86_400_000);
      const token = signLink(deps.linkSecret, 'image', imageId, expires);
      return `${deps.publicUrl.replace(/\/$/, '')}/api/public/images/${token}`;
    },
  };
}
