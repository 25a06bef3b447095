import { z } from 'zod';

/**
 * Vendors whose accounts a client company connects (DECISIONS.md "Vendor data"). Each has a
 * demo adapter (the default) and a live one in the vendor's documented HTTP shape.
 */
export const VENDORS = [
  'google-business-profile',
  'facebook-page',
  'facebook-ads',
  'google-ads',
  'google-ads-lsa',
  'call-tracking',
  'beaconstac',
  'hosting',
  'listings-vendor',
] as const;
export const vendorSchema = z.enum(VENDORS);
export type Vendor = z.infer<typeof vendorSchema>;

export const VENDOR_NAMES: Record<Vendor, string> = {
  'google-business-profile': 'Google Business Profile',
  'facebook-page': 'Facebook page',
  'facebook-ads': 'Facebook ad account',
  'google-ads': 'Google Ads account',
  'google-ads-lsa': 'Local Services Ads account',
  'call-tracking': 'Call tracking account',
  beaconstac: 'QR code organisation (Uniqode)',
  hosting: 'Website hosting account',
  'listings-vendor': 'Listings management location',
};

export const CONNECTION_STATUSES = ['connected', 'needs_attention', 'disconnected'] as const;
export const connectionStatusSchema = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

export const SYNC_STATES = ['idle', 'running', 'failed'] as const;

/** One dataset's sync of one connection. */
export const syncStateSchema = z.object({
  dataset: z.string(),
  state: z.enum(SYNC_STATES),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  itemsSeen: z.number().int(),
  itemsWritten: z.number().int(),
  lastError: z.string().nullable(),
});
export type SyncState = z.infer<typeof syncStateSchema>;

/**
 * A connection as the dashboard shows it. Clients see the vendor, the account's name, the
 * status and the last sync; staff also see the account id, the last error and the syncs.
 * Secrets are never part of any answer.
 */
export const vendorConnectionSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  vendor: vendorSchema,
  displayName: z.string(),
  status: connectionStatusSchema,
  lastSyncedAt: z.string().nullable(),
  /** Staff only (null for clients). */
  externalAccount: z.string().nullable(),
  lastError: z.string().nullable(),
  hasSecrets: z.boolean(),
  syncs: z.array(syncStateSchema),
});
export type VendorConnection = z.infer<typeof vendorConnectionSchema>;

export const vendorConnectionListSchema = z.object({ items: z.array(vendorConnectionSchema) });
export type VendorConnectionList = z.infer<typeof vendorConnectionListSchema>;

/** `/api/uni/client/{id}/connections/{connectionId}…` */
export const connectionParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  connectionId: z.coerce.number().int().positive(),
});

const secret = z.string().trim().min(1).max(4_000);

/** Staff create or edit a connection. Secrets are write-only: left out, they stay as they are. */
export const vendorConnectionInputSchema = z.object({
  vendor: vendorSchema,
  externalAccount: z
    .string()
    .trim()
    .min(1, 'Enter the account id.')
    .max(300)
    .regex(
      /^[A-Za-z0-9/_.:-]+$/,
      'Use the id as the vendor shows it: letters, digits and / _ . : -',
    ),
  displayName: z.string().trim().max(200).default(''),
  status: connectionStatusSchema.optional(),
  accessToken: secret.optional(),
  refreshToken: secret.optional(),
});
export type VendorConnectionInput = z.input<typeof vendorConnectionInputSchema>;

/** `POST …/sync`: the sync jobs queued (one per dataset). */
export const syncStartedSchema = z.object({ queued: z.array(z.string()) });

/** Realtime `vendor-sync.progress` (audience: the company): a sync moved on or finished. */
export const syncProgressEventSchema = z.object({
  companyId: z.number().int(),
  connectionId: z.number().int(),
  dataset: z.string(),
  state: z.enum(SYNC_STATES),
  itemsSeen: z.number().int(),
  itemsWritten: z.number().int(),
  error: z.string().nullable(),
});
export type SyncProgressEvent = z.infer<typeof syncProgressEventSchema>;

/** The outbox states of a vendor write (DECISIONS.md "Writes go through an outbox"). */
export const OUTBOX_STATUSES = [
  'awaiting_approval',
  'pending',
  'sent',
  'failed',
  'declined',
  // A waiting write withdrawn before it went out (a scheduled post deleted or unscheduled).
  'cancelled',
] as const;
export const outboxStatusSchema = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;
