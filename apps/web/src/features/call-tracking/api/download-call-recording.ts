import { fetchAudio } from '../../../lib/fetch-audio';

/** `GET /api/uni/products/ctm/{productId}/calls/{callId}/recording`: audio/mpeg only (SPEC §5). */
export function downloadCallRecording(productId: number, callId: number): Promise<Blob> {
  return fetchAudio(`/api/uni/products/ctm/${productId}/calls/${callId}/recording`);
}
