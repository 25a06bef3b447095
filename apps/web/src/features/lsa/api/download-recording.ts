import {
  isErrorBody,
  LSA_RECORDING_CONTENT_TYPE,
  LSA_RECORDING_TYPE_ERROR,
} from '@pinpoint/contracts';
import { ApiError } from '../../../lib/api-error';

/**
 * `POST /api/lsa/calls/recording` (SPEC §7, binary audio), fetched directly rather than
 * through the JSON gateway. SPEC §5: the answer is accepted only as audio/mpeg; anything
 * else fails with "Invalid content type, expected binary data". A refusal in our error
 * envelope (no access, no recording) keeps its own message.
 */
export async function downloadRecording(
  productId: number,
  leadId: number,
  conversationId?: number,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch('/api/lsa/calls/recording', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: LSA_RECORDING_CONTENT_TYPE, 'content-type': 'application/json' },
      body: JSON.stringify({ productId, leadId, ...(conversationId && { conversationId }) }),
    });
  } catch {
    throw new ApiError(0, null);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (!response.ok && type === 'application/json') {
    const body: unknown = await response.json().catch(() => null);
    if (isErrorBody(body)) throw new ApiError(response.status, body);
  }
  if (type !== LSA_RECORDING_CONTENT_TYPE) throw new Error(LSA_RECORDING_TYPE_ERROR);
  return response.blob();
}
