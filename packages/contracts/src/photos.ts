import { z } from 'zod';
import { vendorConnectionSchema } from './vendor-connections';

/** An upload (a post's picture, a profile photo): the file as base64, its claimed type. */
/** A-Z, a-z, 0-9, `+` and `/`. */
function isBase64Character(code: number) {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 43 ||
    code === 47
  );
}

/**
 * Whether text is base64 (its alphabet, then at most two `=`), checked a character at a
 * time. A regular expression over the whole text (`/^[A-Za-z0-9+/]+={0,2}$/`) once V8 has
 * tiered it up can exhaust the stack on 14 MB of it: a long-running server answered an
 * oversized upload with a 500 (RangeError) instead of saying it was too large.
 */
export function isBase64(text: string): boolean {
  let end = text.length;
  while (end > 0 && text.length - end < 2 && text[end - 1] === '=') end -= 1;
  if (end === 0) return false;
  for (let i = 0; i < end; i += 1) {
    if (!isBase64Character(text.charCodeAt(i))) return false;
  }
  return true;
}

export const imageUploadInputSchema = z.object({
  fileName: z.string().trim().max(255).default('upload'),
  contentType: z.string().trim().max(100).default(''),
  /** ≤ 10 MB of image (about 13.4 MB of base64). */
  dataBase64: z
    .string()
    .min(1, 'Choose an image.')
    .max(14_000_000, 'The image is larger than 10 MB.')
    .refine(isBase64, 'The file did not arrive whole; try again.'),
});
export type ImageUploadInput = z.input<typeof imageUploadInputSchema>;

/** A stored upload, its metadata removed; `url` is where the signed-in browser loads it. */
export const storedImageSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.string(),
  byteSize: z.number().int(),
  url: z.string(),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Google's photo categories (locationAssociation.category), as the gallery names them. */
export const PHOTO_CATEGORY_LABELS: Record<string, string> = {
  COVER: 'Cover',
  PROFILE: 'Profile',
  LOGO: 'Logo',
  EXTERIOR: 'Exterior',
  INTERIOR: 'Interior',
  PRODUCT: 'Products',
  AT_WORK: 'At work',
  TEAM: 'Team',
  FOOD_AND_DRINK: 'Food and drink',
  MENU: 'Menu',
  COMMON_AREA: 'Common areas',
  ROOMS: 'Rooms',
  ADDITIONAL: 'Other',
};
export const PHOTO_CATEGORIES = Object.keys(PHOTO_CATEGORY_LABELS) as [string, ...string[]];

export const PHOTO_STATES = ['live', 'uploading', 'failed', 'deleting', 'deleted'] as const;
export const photoStateSchema = z.enum(PHOTO_STATES);

export const PHOTOS_PAGE_SIZE_MAX = 100;
export const photoListQuerySchema = z.object({
  category: z.enum(PHOTO_CATEGORIES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PHOTOS_PAGE_SIZE_MAX).default(24),
});

export const photoParamsSchema = z.object({
  productId: z.coerce.number().int().positive(),
  photoId: z.coerce.number().int().positive(),
});

export const photoSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  description: z.string(),
  state: photoStateSchema,
  failureReason: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  views: z.number().int().nullable(),
  takenAt: z.string(),
  imageId: z.number().int().nullable(),
  /** Where the browser loads it: our stored copy, or the vendor's through the image proxy. */
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /**
   * The vendor's own address of a picture we hold no copy of: a post can reuse it (Google
   * fetches it itself); the browser never loads it directly, only through `imageUrl`.
   */
  vendorUrl: z.string().nullable(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoListSchema = z.object({
  items: z.array(photoSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  categoryCounts: z.record(z.string(), z.number().int()),
  connections: z.array(vendorConnectionSchema),
  /** The listings products show the profile's photos without changing them. */
  readOnly: z.boolean(),
});
export type PhotoList = z.infer<typeof photoListSchema>;

export const photoUploadInputSchema = imageUploadInputSchema.extend({
  category: z.enum(PHOTO_CATEGORIES, { message: 'Choose a category.' }),
  description: z.string().trim().max(1000).default(''),
  idempotencyKey: z.string().min(8).max(100),
});
export type PhotoUploadInput = z.input<typeof photoUploadInputSchema>;

export const photoDeleteInputSchema = z.object({ idempotencyKey: z.string().min(8).max(100) });
