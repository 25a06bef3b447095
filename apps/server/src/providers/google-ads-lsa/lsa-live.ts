import { LSA_LEAD_STATUSES, LSA_LEAD_TYPES, localDateTimeToInstant } from '@pinpoint/contracts';
import { z } from 'zod';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError } from '../kernel/vendor-errors';
import {
  classifyHttpStatus,
  createVendorSend,
  parseRetryAfter,
  safeVendorMessage,
  unexpectedShape,
  type VendorResponse,
} from '../kernel/vendor-http';
import { LSA_VENDOR } from '../kernel/vendor-ids';
import { fetchVendorRecording } from '../kernel/vendor-recording';
import {
  LSA_LABEL,
  type LsaProvider,
  type VendorLsaConversation,
  type VendorLsaLead,
} from './port';

export const LSA_DEFAULT_BASE_URL = 'https://googleads.googleapis.com';
export const LSA_DEFAULT_API_VERSION = 'v21';

export interface LsaLiveOptions {
  baseUrl: string;
  apiVersion: string;
  /** Google Ads API developer token (header `developer-token`). */
  developerToken: string;
  /** A manager account the connection's account is reached through (`login-customer-id`). */
  loginCustomerId?: string;
  timeoutMs: number;
  recordCall: RecordProviderCall;
  fetchImpl?: typeof fetch;
}

// The REST answer's fields are the proto's in lowerCamelCase; int64 ids come as strings.
const leadRowSchema = z.object({
  localServicesLead: z.object({
    resourceName: z.string(),
    id: z.string(),
    categoryId: z.string().optional(),
    serviceId: z.string().optional(),
    contactDetails: z
      .object({
        phoneNumber: z.string().optional(),
        email: z.string().optional(),
        consumerName: z.string().optional(),
      })
      .optional(),
    leadType: z.string(),
    leadStatus: z.string(),
    creationDateTime: z.string(),
    leadCharged: z.boolean().optional(),
    creditDetails: z
      .object({
        creditState: z.string().optional(),
        creditStateLastUpdateDateTime: z.string().optional(),
      })
      .optional(),
  }),
});
const conversationRowSchema = z.object({
  localServicesLeadConversation: z.object({
    resourceName: z.string(),
    id: z.string(),
    conversationChannel: z.string(),
    participantType: z.string().optional(),
    lead: z.string(),
    eventDateTime: z.string(),
    phoneCallDetails: z
      .object({
        callDurationMillis: z.string().optional(),
        callRecordingUrl: z.string().optional(),
      })
      .optional(),
    messageDetails: z.object({ text: z.string().optional() }).optional(),
  }),
});
const dayRowSchema = z.object({
  segments: z.object({ date: z.string() }),
  metrics: z
    .object({
      costMicros: z.string().optional(),
      impressions: z.string().optional(),
      clicks: z.string().optional(),
      phoneCalls: z.string().optional(),
    })
    .optional(),
});
const timeZoneRowSchema = z.object({ customer: z.object({ timeZone: z.string() }) });
/** searchStream answers a JSON array of batches, each with its `results`. */
const streamSchema = z.array(
  z.object({ results: z.array(z.unknown()).optional(), error: z.unknown().optional() }),
);
const googleErrorSchema = z.object({
  error: z.object({ code: z.number().optional(), message: z.string().optional() }),
});

const LEAD_FIELDS = [
  'resource_name',
  'id',
  'category_id',
  'service_id',
  'contact_details.consumer_name',
  'contact_details.phone_number',
  'contact_details.email',
  'lead_type',
  'lead_status',
  'creation_date_time',
  'lead_charged',
  'credit_details.credit_state',
  'credit_details.credit_state_last_update_date_time',
].map((f) => `local_services_lead.${f}`);
const CONVERSATION_FIELDS = [
  'resource_name',
  'id',
  'conversation_channel',
  'participant_type',
  'lead',
  'event_date_time',
  'phone_call_details.call_duration_millis',
  'phone_call_details.call_recording_url',
  'message_details.text',
].map((f) => `local_services_lead_conversation.${f}`);

/** An instant as GAQL's "YYYY-MM-DD HH:MM:SS" in the account's zone. */
export function gaqlDateTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}
/** GAQL's "YYYY-MM-DD HH:MM:SS" (account zone) as an instant. */
function fromGaqlDateTime(value: string, timeZone: string): Date {
  const at = localDateTimeToInstant(value.trim().replace(' ', 'T').slice(0, 19), timeZone);
  if (Number.isNaN(at.getTime())) throw unexpectedShape(LSA_VENDOR, LSA_LABEL);
  return at;
}
const customerIdOf = (account: string) => account.replace(/\D/g, '');
const int = (value: string | undefined) => (value ? Number.parseInt(value, 10) : 0);
const oneOf = <T extends string>(values: readonly T[], value: string): T | null =>
  (values as readonly string[]).includes(value) ? (value as T) : null;

/**
 * Local Services Ads through the Google Ads API (REST): GAQL over
 * `customers/{id}/googleAds:searchStream` for `local_services_lead`,
 * `local_services_lead_conversation` and the LSA campaigns' daily metrics; recordings
 * fetched from `phone_call_details.call_recording_url` with the connection's token.
 */
export function createLsaLive(options: LsaLiveOptions): LsaProvider {
  const send = createVendorSend({
    vendor: LSA_VENDOR,
    label: LSA_LABEL,
    recordCall: options.recordCall,
    timeoutMs: options.timeoutMs,
    fetchImpl: options.fetchImpl,
  });
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const zones = new Map<string, string>();

  function headers(access: ConnectionAccess): Record<string, string> {
    if (!access.accessToken) {
      throw new VendorError(LSA_VENDOR, 'auth', `${LSA_LABEL} is not connected (no access token).`);
    }
    return {
      authorization: `Bearer ${access.accessToken}`,
      'developer-token': options.developerToken,
      ...(options.loginCustomerId && {
        'login-customer-id': customerIdOf(options.loginCustomerId),
      }),
      'content-type': 'application/json',
      accept: 'application/json',
    };
  }

  function failure(
    status: number,
    json: unknown,
    retryAfter: string | null,
    access: ConnectionAccess,
  ) {
    const body = Array.isArray(json)
      ? (json.find((b) => b && typeof b === 'object' && 'error' in b) ?? null)
      : json;
    const parsed = googleErrorSchema.safeParse(body);
    const said = safeVendorMessage(parsed.success ? parsed.data.error.message : undefined, [
      access.accessToken,
      access.refreshToken,
      options.developerToken,
    ]);
    return new VendorError(
      LSA_VENDOR,
      classifyHttpStatus(status),
      `${LSA_LABEL} refused the request (HTTP ${status}${said ? `: ${said}` : ''}).`,
      status,
      parseRetryAfter(retryAfter),
    );
  }

  /** Every row of one GAQL query: the stream's batches, one after the other. */
  async function search(access: ConnectionAccess, query: string, signal?: AbortSignal) {
    const customer = customerIdOf(access.externalAccount);
    const response: VendorResponse = await send({
      url: `${base}/${options.apiVersion}/customers/${customer}/googleAds:searchStream`,
      method: 'POST',
      headers: headers(access),
      body: JSON.stringify({ query }),
      signal,
    });
    if (!response.ok)
      throw failure(response.status, response.json, response.headers.get('retry-after'), access);
    const parsed = streamSchema.safeParse(response.json);
    if (!parsed.success) throw unexpectedShape(LSA_VENDOR, LSA_LABEL);
    // An error mid-stream arrives as a batch of its own, after HTTP 200.
    if (parsed.data.some((batch) => batch.error)) {
      throw failure(500, response.json, null, access);
    }
    return parsed.data.flatMap((batch) => batch.results ?? []);
  }

  function rows<T>(schema: z.ZodType<T>, items: unknown[]): T[] {
    return items.map((item) => {
      const row = schema.safeParse(item);
      if (!row.success) throw unexpectedShape(LSA_VENDOR, LSA_LABEL);
      return row.data;
    });
  }

  async function timeZoneOf(access: ConnectionAccess, signal?: AbortSignal): Promise<string> {
    const known = zones.get(access.externalAccount);
    if (known) return known;
    const [row] = rows(
      timeZoneRowSchema,
      await search(access, 'SELECT customer.time_zone FROM customer', signal),
    );
    const zone = row?.customer.timeZone ?? 'UTC';
    zones.set(access.externalAccount, zone);
    return zone;
  }

  return {
    vendor: LSA_VENDOR,
    mode: 'live',
    async listLeads(access, window, signal) {
      const zone = await timeZoneOf(access, signal);
      const leadRows = rows(
        leadRowSchema,
        await search(
          access,
          `SELECT ${LEAD_FIELDS.join(', ')} FROM local_services_lead` +
            ` WHERE local_services_lead.creation_date_time >= '${gaqlDateTime(window.start, zone)}'` +
            ` AND local_services_lead.creation_date_time < '${gaqlDateTime(window.end, zone)}'` +
            ' ORDER BY local_services_lead.creation_date_time DESC',
          signal,
        ),
      );
      const leads: VendorLsaLead[] = [];
      for (const { localServicesLead: l } of leadRows) {
        const leadType = oneOf(LSA_LEAD_TYPES, l.leadType);
        const status = oneOf(LSA_LEAD_STATUSES, l.leadStatus);
        // A type or status Google adds later is skipped rather than stored under a wrong name.
        if (!leadType || !status) continue;
        const credit = l.creditDetails?.creditState;
        const creditState = credit === 'PENDING' || credit === 'CREDITED' ? credit : null;
        const creditAt = l.creditDetails?.creditStateLastUpdateDateTime;
        leads.push({
          externalId: l.id,
          resourceName: l.resourceName,
          leadType,
          categoryId: l.categoryId ?? '',
          serviceId: l.serviceId ?? '',
          status,
          charged: l.leadCharged ?? false,
          creditState,
          creditUpdatedAt: creditState && creditAt ? fromGaqlDateTime(creditAt, zone) : null,
          consumerName: l.contactDetails?.consumerName ?? null,
          consumerPhone: l.contactDetails?.phoneNumber ?? null,
          consumerEmail: l.contactDetails?.email ?? null,
          createdAt: fromGaqlDateTime(l.creationDateTime, zone),
        });
      }
      if (leads.length === 0) return { leads, conversations: [] };
      const names = leads.map((l) => `'${l.resourceName.replace(/'/g, '')}'`).join(', ');
      const conversationRows = rows(
        conversationRowSchema,
        await search(
          access,
          `SELECT ${CONVERSATION_FIELDS.join(', ')} FROM local_services_lead_conversation` +
            ` WHERE local_services_lead_conversation.lead IN (${names})`,
          signal,
        ),
      );
      const conversations: VendorLsaConversation[] = conversationRows.map(
        ({ localServicesLeadConversation: c }) => ({
          externalId: c.id,
          leadResourceName: c.lead,
          channel: c.conversationChannel,
          participantType: c.participantType ?? null,
          eventAt: fromGaqlDateTime(c.eventDateTime, zone),
          callDurationMs: c.phoneCallDetails?.callDurationMillis
            ? int(c.phoneCallDetails.callDurationMillis)
            : null,
          recordingUrl: c.phoneCallDetails?.callRecordingUrl ?? null,
          messageText: c.messageDetails?.text ?? null,
        }),
      );
      return { leads, conversations };
    },
    async listDays(access, range, signal) {
      const dayRows = rows(
        dayRowSchema,
        await search(
          access,
          'SELECT segments.date, metrics.cost_micros, metrics.impressions, metrics.clicks, metrics.phone_calls' +
            " FROM campaign WHERE campaign.advertising_channel_type = 'LOCAL_SERVICES'" +
            ` AND segments.date BETWEEN '${range.from}' AND '${range.to}'`,
          signal,
        ),
      );
      // One row per campaign and day: an account's day is their sum.
      const days = new Map<
        string,
        { day: string; costMicros: number; impressions: number; clicks: number; phoneCalls: number }
      >();
      for (const row of dayRows) {
        const day = days.get(row.segments.date) ?? {
          day: row.segments.date,
          costMicros: 0,
          impressions: 0,
          clicks: 0,
          phoneCalls: 0,
        };
        day.costMicros += int(row.metrics?.costMicros);
        day.impressions += int(row.metrics?.impressions);
        day.clicks += int(row.metrics?.clicks);
        day.phoneCalls += int(row.metrics?.phoneCalls);
        days.set(day.day, day);
      }
      return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
    },
    async fetchRecording(access, url, signal) {
      return fetchVendorRecording({
        vendor: LSA_VENDOR,
        label: LSA_LABEL,
        target: new URL(url),
        apiBase: base,
        vendorHosts: /(^|\.)(google\.com|googleapis\.com|googleusercontent\.com)$/,
        hostsName: 'Google',
        authorization: () => headers(access).authorization ?? '',
        refused: (response) =>
          failure(response.status, null, response.headers.get('retry-after'), access),
        timeoutMs: options.timeoutMs,
        ...(signal && { signal }),
        fetchImpl,
        recordCall: options.recordCall,
      });
    },
  };
}
