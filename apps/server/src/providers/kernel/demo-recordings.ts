import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serverRoot } from '../../kernel/lib/paths';
import { VendorError } from './vendor-errors';

/** One committed demo call recording: the trades it fits, its file and its length. */
export interface DemoRecording {
  readonly match: RegExp;
  readonly file: string;
  readonly ms: number;
}

/**
 * The committed demo call recordings (scripts/make-lsa-recordings.mjs), one per trade. The
 * Local Services Ads and call-tracking demos both play them, by a `demo:<file>` URL.
 */
export const DEMO_RECORDINGS_DIR = join(serverRoot, 'assets/lsa-recordings');
export const DEMO_RECORDINGS = {
  plumbing: { match: /plumb|drain|water/i, file: 'plumbing.mp3', ms: 10_116 },
  dental: { match: /dent|orthodont/i, file: 'dental.mp3', ms: 9_900 },
  hvac: { match: /hvac|heat|air|cool/i, file: 'hvac.mp3', ms: 8_748 },
  legal: { match: /law|legal|attorney/i, file: 'legal.mp3', ms: 10_116 },
  roofing: { match: /roof/i, file: 'roofing.mp3', ms: 9_324 },
  electrical: { match: /electric/i, file: 'electrical.mp3', ms: 8_100 },
} as const satisfies Record<string, DemoRecording>;

export const DEMO_RECORDING_FILES: readonly string[] = Object.values(DEMO_RECORDINGS).map(
  (recording) => recording.file,
);

/** The recording that fits a business's trade, if one does. */
export function demoRecordingForTrade(trade: string): DemoRecording | undefined {
  return Object.values(DEMO_RECORDINGS).find((recording) => recording.match.test(trade));
}

/** A demo recording by its `demo:<file>` URL, or the vendor's not-found error. */
export async function fetchDemoRecording(
  vendor: string,
  url: string,
): Promise<{ contentType: string; bytes: Buffer }> {
  const file = /^demo:([a-z-]+\.mp3)$/.exec(url)?.[1];
  if (!file || !DEMO_RECORDING_FILES.includes(file)) {
    throw new VendorError(vendor, 'not_found', 'This recording is not in the demo.');
  }
  return { contentType: 'audio/mpeg', bytes: await readFile(join(DEMO_RECORDINGS_DIR, file)) };
}
