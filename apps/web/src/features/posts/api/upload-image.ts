import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  isErrorBody,
  storedImageSchema,
} from '@pinpoint/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';

/** What is wrong with a picked file before it is sent, or null. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG or WebP image.';
  }
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return 'The image is larger than 10 MB.';
  return null;
}

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * `POST /api/uni/client/{companyId}/images`: stores an upload (its GPS and other metadata
 * removed on the server). Straight to the route, not through the gateway: an image is
 * larger than the gateway's 1 MB JSON limit.
 */
export function useUploadImage(companyId: number) {
  return useMutation({
    mutationFn: async (file: File) => {
      const response = await fetch(`/api/uni/client/${companyId}/images`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({
          fileName: file.name,
          contentType: file.type,
          dataBase64: await toBase64(file),
        }),
      }).catch(() => {
        throw new ApiError(0, null);
      });
      const payload: unknown = await response.json().catch(() => null);
      if (!response.ok) throw new ApiError(response.status, isErrorBody(payload) ? payload : null);
      return storedImageSchema.parse(payload);
    },
  });
}
