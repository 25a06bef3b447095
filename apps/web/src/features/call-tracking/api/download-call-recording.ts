import {
  CALL_RECORDING_CONTENT_TYPE,
  CALL_RECORDING_TYPE_ERROR,
  isErrorBody,
} from '@pinpoint/contracts';
import { ApiError } from '../../../lib/api-error';

/**
 * `GET /api/uni/products/ctm/{productId}/calls/{callId}/recording`, binary audio fetched
 * directly rather than through the JSON gateway. SPEC §5: the answer is accepted only as
 * audio/mpeg; anything else fails with "Invalid content type, expected binary data". A
 * refusal in our error envelope (no access, no recording) keeps its own message.
 */
export async function downloadCallRecording(productId: number, callId: number): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/uni/products/ctm/${productId}/calls/${callId}/recording`, {
      credentials: 'same-origin',
      headers: { accept: CALL_RECORDING_CONTENT_TYPE },
    });
  } catch {
    throw new ApiError(0, null);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (!response.ok && type === 'application/json') {
    const body: unknown = await response.json().catch(() => null);
    if (isErrorBody(body)) throw new ApiError(response.status, body);
  }
  if (type !== CALL_RECORDING_CONTENT_TYPE) throw new Error(CALL_RECORDING_TYPE_ERROR);
  return response.blob();
}
