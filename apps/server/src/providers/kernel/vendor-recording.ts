import type { RecordProviderCall } from './provider-calls';
import { VendorError } from './vendor-errors';

/** Recordings are a few minutes of MP3 at most; anything far bigger is not a call. */
export const MAX_RECORDING_BYTES = 20 * 1024 * 1024;

export interface VendorRecordingFetch {
  /** The vendor as counted on the status page, and its name in messages. */
  vendor: string;
  label: string;
  /** The recording's link, as the vendor's own answer gave it. */
  target: URL;
  /** The vendor's API base: a link on its origin is the vendor's too (the test peer's). */
  apiBase: string;
  /** The vendor's own https hosts, and the name the refusal gives them. */
  vendorHosts: RegExp;
  hostsName: string;
  /** The credential header; read only once the link is known to be the vendor's. */
  authorization(): string;
  /** What to await after the host check and before the request (a vendor's courtesy pause). */
  beforeFetch?: () => Promise<void>;
  /** The vendor's error for an HTTP refusal (its own message shape and Retry-After). */
  refused(response: Response): VendorError;
  timeoutMs: number;
  signal?: AbortSignal;
  fetchImpl: typeof fetch;
  recordCall: RecordProviderCall;
}

/**
 * Fetches a call recording from the link a vendor gave. The link came from the vendor's
 * answer, so only its own hosts get our credentials; the body is capped (by its declared
 * length, then by what arrived) so a wrong link cannot fill memory. The answer's type is
 * passed on as sent: the caller decides what it plays. Shared by the call-tracking and
 * LSA adapters, which differ only in the fields above.
 */
export async function fetchVendorRecording(
  options: VendorRecordingFetch,
): Promise<{ contentType: string; bytes: Buffer }> {
  const { vendor, target, signal } = options;
  const sameApi = target.origin === new URL(options.apiBase).origin;
  const vendorHost = target.protocol === 'https:' && options.vendorHosts.test(target.hostname);
  if (!sameApi && !vendorHost) {
    throw new VendorError(
      vendor,
      'invalid',
      `The recording link does not point at ${options.hostsName}.`,
    );
  }
  await options.beforeFetch?.();
  const timer = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  let bytes: Buffer;
  try {
    response = await options.fetchImpl(target, {
      headers: { authorization: options.authorization() },
      signal: signal ? AbortSignal.any([timer, signal]) : timer,
    });
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_RECORDING_BYTES) throw new Error('too big');
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    // The credential itself can be missing: that is the vendor's error already, not an outage.
    if (error instanceof VendorError) throw error;
    await options.recordCall(vendor, false);
    throw new VendorError(
      vendor,
      'unavailable',
      `${options.label} recording could not be fetched.`,
    );
  }
  await options.recordCall(vendor, response.ok);
  if (!response.ok) throw options.refused(response);
  if (bytes.length > MAX_RECORDING_BYTES)
    throw new VendorError(vendor, 'invalid', 'The recording is too large.');
  const contentType =
    (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return { contentType, bytes };
}
