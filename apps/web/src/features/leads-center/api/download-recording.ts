import type { LeadRecording } from '@pinpoint/contracts';
import { fetchAudio } from '../../../lib/fetch-audio';

/**
 * A touch's call recording, through the source's own recording route (call tracking's or
 * LSA's), which checks access again: audio/mpeg only (SPEC §5).
 */
export function downloadLeadRecording(recording: LeadRecording): Promise<Blob> {
  if (recording.kind === 'ctm') {
    return fetchAudio(
      `/api/uni/products/ctm/${recording.productId}/calls/${recording.callId}/recording`,
    );
  }
  return fetchAudio('/api/lsa/calls/recording', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId: recording.productId, leadId: recording.leadId }),
  });
}
