import { z } from 'zod';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError, type VendorErrorCode } from '../kernel/vendor-errors';
import { parseRetryAfter, safeVendorMessage } from '../kernel/vendor-http';
import { TWILIO_VENDOR } from '../kernel/vendor-ids';
import type { SmsMessage, SmsProvider, SmsResult } from './port';

export interface TwilioLiveOptions {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** An E.164 number, or a Messaging Service SID (MG…). */
  from: string;
  timeoutMs: number;
  recordCall: RecordProviderCall;
  fetchImpl?: typeof fetch;
}

/** A refusal from Twilio with its own error code (21211 invalid number, 21610 unsubscribed…). */
export class TwilioError extends VendorError {
  constructor(
    code: VendorErrorCode,
    message: string,
    status: number | null,
    readonly twilioCode: number | null,
    retryAfterMs: number | null = null,
  ) {
    super(TWILIO_VENDOR, code, message, status, retryAfterMs);
  }
}

// Messages API: the created message resource (`sid`, `status`), and Twilio's error body.
const createdSchema = z.object({ sid: z.string().min(1), status: z.string() });
const errorSchema = z.object({
  code: z.number().nullish(),
  message: z.string().nullish(),
  status: z.number().nullish(),
});

/** 429 and 5xx may pass on a retry; every other 4xx is Twilio refusing this message. */
function classify(status: number): VendorErrorCode {
  if (status === 429) return 'rate_limited';
  if (status >= 500 || status === 408) return 'unavailable';
  if (status === 401) return 'auth';
  return 'invalid';
}

/**
 * Texts through Twilio's Messages API: `POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded (To, From or MessagingServiceSid, Body, StatusCallback), HTTP Basic with the
 * account SID and auth token. Every call is counted for the status page.
 */
export function createTwilioLive(options: TwilioLiveOptions): SmsProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const secrets = [options.authToken];

  return {
    mode: 'twilio',
    async send(message: SmsMessage): Promise<SmsResult> {
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      if (options.from.startsWith('MG')) form.set('MessagingServiceSid', options.from);
      else form.set('From', options.from);
      if (message.statusCallbackUrl) form.set('StatusCallback', message.statusCallbackUrl);
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        await options.recordCall(TWILIO_VENDOR, false);
        const timedOut = (error as Error).name === 'TimeoutError';
        throw new TwilioError(
          'unavailable',
          timedOut
            ? `Twilio did not answer within ${options.timeoutMs / 1000} s.`
            : 'Twilio could not be reached.',
          null,
          null,
        );
      }
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      if (!response.ok) {
        // A refused number is Twilio working; its outage, throttling or our bad credentials are not.
        await options.recordCall(
          TWILIO_VENDOR,
          response.status < 500 && response.status !== 429 && response.status !== 401,
        );
        const error = errorSchema.safeParse(body);
        const twilioCode = error.success ? (error.data.code ?? null) : null;
        const detail = safeVendorMessage(
          error.success ? (error.data.message ?? undefined) : undefined,
          secrets,
        );
        throw new TwilioError(
          classify(response.status),
          `Twilio refused the text (${response.status}${twilioCode ? `, error ${twilioCode}` : ''})${detail ? `: ${detail}` : '.'}`,
          response.status,
          twilioCode,
          parseRetryAfter(response.headers.get('retry-after')),
        );
      }
      const created = createdSchema.safeParse(body);
      if (!created.success) {
        await options.recordCall(TWILIO_VENDOR, false);
        throw new TwilioError(
          'unavailable',
          'Twilio answered in a shape we do not understand.',
          response.status,
          null,
        );
      }
      await options.recordCall(TWILIO_VENDOR, true);
      return { kind: 'sent', externalId: created.data.sid, status: created.data.status };
    },
  };
}
