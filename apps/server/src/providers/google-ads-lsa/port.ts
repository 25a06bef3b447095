import type { LsaLeadStatus, LsaLeadType } from '@pinpoint/contracts';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { LSA_VENDOR } from '../kernel/vendor-ids';

export const LSA_LABEL = 'Local Services Ads';

/** One `local_services_lead` as every LSA adapter maps it. */
export interface VendorLsaLead {
  /** `local_services_lead.id`. */
  externalId: string;
  /** `customers/{c}/localServicesLeads/{id}`: what conversations point at. */
  resourceName: string;
  leadType: LsaLeadType;
  categoryId: string;
  serviceId: string;
  status: LsaLeadStatus;
  charged: boolean;
  creditState: 'PENDING' | 'CREDITED' | null;
  creditUpdatedAt: Date | null;
  consumerName: string | null;
  consumerPhone: string | null;
  consumerEmail: string | null;
  createdAt: Date;
}

/** One `local_services_lead_conversation`. */
export interface VendorLsaConversation {
  externalId: string;
  /** The lead's resource name (`local_services_lead_conversation.lead`). */
  leadResourceName: string;
  channel: string;
  participantType: string | null;
  eventAt: Date;
  callDurationMs: number | null;
  /** `phone_call_details.call_recording_url`; the demo's are `demo:<file>.mp3`. */
  recordingUrl: string | null;
  messageText: string | null;
}

/** The LSA campaigns' figures of one account day (`segments.date`). */
export interface VendorLsaDay {
  day: string;
  costMicros: number;
  impressions: number;
  clicks: number;
  phoneCalls: number;
}

export interface LsaRecording {
  contentType: string;
  bytes: Buffer;
}

export interface LsaProvider {
  readonly vendor: typeof LSA_VENDOR;
  readonly mode: 'demo' | 'live';
  /** Leads created in [start, end), newest first, with their conversations. */
  listLeads(
    access: ConnectionAccess,
    window: { start: Date; end: Date },
    signal?: AbortSignal,
  ): Promise<{ leads: VendorLsaLead[]; conversations: VendorLsaConversation[] }>;
  /** Account days from `from` to `to` (both included, `yyyy-MM-dd`). */
  listDays(
    access: ConnectionAccess,
    range: { from: string; to: string },
    signal?: AbortSignal,
  ): Promise<VendorLsaDay[]>;
  /** The bytes behind a conversation's recording URL, with the type the vendor gave them. */
  fetchRecording(
    access: ConnectionAccess,
    url: string,
    signal?: AbortSignal,
  ): Promise<LsaRecording>;
}

/** micros → cents, rounded half away from zero (DECISIONS.md "Data": integer cents). */
export function microsToCents(micros: number): number {
  const cents = Math.abs(micros) / 10_000;
  return Math.sign(micros) * Math.round(cents);
}
