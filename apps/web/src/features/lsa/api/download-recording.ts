import { fetchAudio } from '../../../lib/fetch-audio';

/** `POST /api/lsa/calls/recording` (SPEC §7, binary audio): audio/mpeg only (SPEC §5). */
export function downloadRecording(
  productId: number,
  leadId: number,
  conversationId?: number,
): Promise<Blob> {
  return fetchAudio('/api/lsa/calls/recording', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId, leadId, ...(conversationId && { conversationId }) }),
  });
}
