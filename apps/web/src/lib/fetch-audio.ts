import { isErrorBody } from '@pinpoint/contracts';
import { ApiError } from './api-error';

/** SPEC §5: the only type a recording is accepted as, and what anything else fails with. */
export const AUDIO_CONTENT_TYPE = 'audio/mpeg';
export const AUDIO_TYPE_ERROR = 'Invalid content type, expected binary data';

/**
 * A call recording (LSA, call tracking), fetched directly rather than through the JSON
 * gateway. The answer is accepted only as audio/mpeg (SPEC §5); anything else fails with
 * "Invalid content type, expected binary data". A refusal in our error envelope (no access,
 * no recording) keeps its own message; a network failure is an ApiError with status 0.
 */
export async function fetchAudio(
  url: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: AUDIO_CONTENT_TYPE, ...init.headers },
    });
  } catch {
    throw new ApiError(0, null);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (!response.ok && type === 'application/json') {
    const body: unknown = await response.json().catch(() => null);
    if (isErrorBody(body)) throw new ApiError(response.status, body);
  }
  if (type !== AUDIO_CONTENT_TYPE) throw new Error(AUDIO_TYPE_ERROR);
  return response.blob();
}
