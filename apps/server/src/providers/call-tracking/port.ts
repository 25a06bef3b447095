import type { CallStatus } from '@pinpoint/contracts';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { CALL_TRACKING_VENDOR } from '../kernel/vendor-ids';

export const CALL_TRACKING_LABEL = 'CallTrackingMetrics';

/** One tracking number of an account (CTM `numbers.json`). */
export interface VendorTrackingNumber {
  /** The vendor's id of the number (CTM `TPN…`). */
  externalId: string;
  /** E.164. */
  number: string;
  /** "Google Business Profile listing", "Spring mailer", … */
  name: string;
  /** What the number tracks: "Google Business Profile", "Google Ads", "Website", … */
  source: string;
}

/**
 * One call as every call-tracking adapter maps it. It carries what the leads center (a
 * later issue, SPEC §3) needs of a call: the caller's number in E.164, the source, the
 * time, whether the caller is new, how long it lasted and how it ended.
 */
export interface VendorCall {
  externalId: string;
  calledAt: Date;
  /** The tracking number dialled, E.164. */
  trackingNumber: string;
  trackingNumberName: string | null;
  source: string;
  /** E.164, or null when the caller withheld it. */
  callerNumber: string | null;
  callerCity: string | null;
  callerState: string | null;
  /** Whole call in seconds, ringing included. */
  durationSeconds: number;
  /** Seconds someone talked (0 for missed calls). */
  talkTimeSeconds: number;
  status: CallStatus;
  /** The vendor's first-time-caller flag (CTM `is_new_caller`). */
  firstTime: boolean;
  /** The call's `audio` URL; the demo's are `demo:<file>.mp3`. Null until processed. */
  recordingUrl: string | null;
}

/** One page of calls, newest first. `nextPage` is null on the last page. */
export interface CallPage {
  calls: VendorCall[];
  page: number;
  totalPages: number;
  nextPage: number | null;
}

export interface NumberPage {
  numbers: VendorTrackingNumber[];
  nextPage: number | null;
}

export interface CallRecording {
  contentType: string;
  bytes: Buffer;
}

export interface CallTrackingProvider {
  readonly vendor: typeof CALL_TRACKING_VENDOR;
  readonly mode: 'demo' | 'live';
  /**
   * One page of the account's calls made on days `from`..`to` (account days, `yyyy-MM-dd`,
   * both included), newest first.
   */
  listCalls(
    access: ConnectionAccess,
    query: { from: string; to: string; page: number; perPage: number },
    signal?: AbortSignal,
  ): Promise<CallPage>;
  listNumbers(access: ConnectionAccess, page: number, signal?: AbortSignal): Promise<NumberPage>;
  /** The bytes behind a call's `audio` URL, with the type the vendor gave them. */
  fetchRecording(
    access: ConnectionAccess,
    url: string,
    signal?: AbortSignal,
  ): Promise<CallRecording>;
}

/** "(555) 010-0147", "555.010.0147", "+1 555 010 0147" → "+15550100147"; null if unreadable. */
export function toE164(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/\D/g, '');
  if (value.trim().startsWith('+') && digits.length >= 8 && digits.length <= 15)
    return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}
