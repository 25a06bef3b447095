import { z } from 'zod';
import { leadArrivedEventSchema } from './leads-center-events';
import { listingScanFixEventSchema, listingScanProgressEventSchema } from './listing-scan-events';
import { listingChangedEventSchema } from './listings';
import { notificationChangedSchema, notificationsReadEventSchema } from './notifications';
import { billingChangedEventSchema } from './payments';
import {
  photoChangedEventSchema,
  postChangedEventSchema,
  qaChangedEventSchema,
} from './profile-content-events';
import { gridAlertCreatedEventSchema } from './rank-grid/alerts';
import { batchProgressEventSchema } from './rank-grid/batches';
import { gifProgressEventSchema } from './rank-grid/gif';
import { scanDoneEventSchema, scanProgressEventSchema } from './rank-grid/scans';
import { solicitationChangedEventSchema } from './review-solicitation-events';
import {
  reviewAlertCreatedEventSchema,
  reviewCreatedEventSchema,
  reviewWriteEventSchema,
} from './reviews';
import { supportRequestChangedSchema } from './support-requests';
import { syncProgressEventSchema } from './vendor-connections';
import { websiteCheckedEventSchema } from './website-events';
import { formSubmittedEventSchema, pageSpeedProgressEventSchema } from './website-insights-events';

/** The socket's path on the app's own origin (SPEC §7). */
export const REALTIME_PATH = '/ws';

/** Largest message the server accepts from a browser; bigger frames close the socket. */
export const REALTIME_MAX_MESSAGE_BYTES = 64 * 1024;

/** Every message in both directions (SPEC §3 "Realtime message"). */
export const realtimeMessageSchema = z.object({
  type: z.string().min(1).max(64),
  payload: z.unknown(),
});
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;

/**
 * What a browser may send. Events flow server → browser; the browser only checks the line.
 * Anything else is answered with an `error` message and otherwise ignored.
 */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ping'),
    payload: z.object({ sentAt: z.number().optional() }).strict().optional(),
  }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** Close codes of our own (4000–4999 is the application range). */
export const REALTIME_CLOSE = {
  /** The session ended or lapsed: reconnecting will not help until the user signs in. */
  sessionEnded: 4001,
  /** Too many messages, too fast. */
  rateLimited: 4008,
} as const;

/** Payloads of the events the server pushes, by message type. */
export const errorLogChangedSchema = z.object({
  id: z.number().int(),
  change: z.enum(['created', 'repeated', 'resolved', 'reopened']),
  message: z.string(),
  page: z.string(),
  count: z.number().int(),
  resolved: z.boolean(),
  at: z.string(),
});
export type ErrorLogChanged = z.infer<typeof errorLogChangedSchema>;

export const signInReportSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  userId: z.number().int().nullable(),
  method: z.string(),
  outcome: z.string(),
  ip: z.string(),
  at: z.string(),
});
export type SignInReport = z.infer<typeof signInReportSchema>;

export const signInReportListSchema = z.object({
  items: z.array(signInReportSchema),
});
export const signInReportQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const welcomeSchema = z.object({ userId: z.number().int() });
export const realtimeErrorSchema = z.object({ code: z.string(), message: z.string() });

export const REALTIME_EVENTS = {
  welcome: welcomeSchema,
  pong: z.object({ sentAt: z.number().optional() }),
  error: realtimeErrorSchema,
  'error-log.changed': errorLogChangedSchema,
  'sign-in': signInReportSchema,
  /** Sent just before the server closes a socket whose session was signed out or lapsed. */
  'session.ended': z.object({}),
  /**
   * The user's companies changed (e.g. a trial lead's own company was just made): every
   * process re-checks that user's sockets at once instead of at the next 5-minute check.
   * Handled by the server; browsers receive it too and may ignore it.
   */
  'access.changed': z.object({}),
  /**
   * A client record changed (its profile was saved; `null`: any client, as when a vertical
   * is renamed). Server processes drop the record from their cache; browsers may refetch.
   */
  'client.changed': z.object({ clientId: z.number().int().nullable() }),
  /** A pending notification was approved or declined (audience: that client). */
  'notification.changed': notificationChangedSchema,
  /** A client's notifications were marked read (audience: that client). */
  'notifications.read': notificationsReadEventSchema,
  /** A rank grid scan measured another point (audience: that client). */
  'rank-scan.progress': scanProgressEventSchema,
  /** A rank grid scan finished, with its metrics (audience: that client). */
  'rank-scan.done': scanDoneEventSchema,
  /** A rank grid batch moved on or finished (audience: staff). */
  'grid-batch.progress': batchProgressEventSchema,
  /** A finished scan raised a grid alert (audience: that client). */
  'grid-alert.created': gridAlertCreatedEventSchema,
  /** A rank grid GIF rendered another frame, finished or failed (audience: that client). */
  'rank-gif.progress': gifProgressEventSchema,
  /** A vendor sync of a connection moved on or finished (audience: that client). */
  'vendor-sync.progress': syncProgressEventSchema,
  /** A sync brought new reviews (audience: that client). */
  'review.created': reviewCreatedEventSchema,
  /** A reply's outbox status changed (audience: that client). */
  'review.write': reviewWriteEventSchema,
  /** A 1–2 star (or negative) review raised an alert (audience: that client). */
  'review-alert.created': reviewAlertCreatedEventSchema,
  /** A support request was made, answered, closed or reopened (audience: that client). */
  'support-request.changed': supportRequestChangedSchema,
  /** A post was created, changed state or got new insights (audience: that client). */
  'post.changed': postChangedEventSchema,
  /** A photo was uploaded, sent, deleted or synced (audience: that client). */
  'photo.changed': photoChangedEventSchema,
  /** A question was recorded, answered or confirmed live (audience: that client). */
  'qa.changed': qaChangedEventSchema,
  /** A listing was synced, pushed or took Google's value (audience: that client). */
  'listing.changed': listingChangedEventSchema,
  /** A business-listings scan checked another directory or finished (audience: that client). */
  'listing-scan.progress': listingScanProgressEventSchema,
  /** A directory fix of a listings product changed status (audience: that client). */
  'listing-scan.fix': listingScanFixEventSchema,
  /** A website product's site was checked or changed by staff (audience: that client). */
  'website.checked': websiteCheckedEventSchema,
  /** A page-speed run request moved on or finished (audience: that client). */
  'page-speed.progress': pageSpeedProgressEventSchema,
  /** A visitor sent a website's contact form (audience: that client). */
  'website-form.submitted': formSubmittedEventSchema,
  /** New leads were read into the leads center (audience: that client). */
  'lead.arrived': leadArrivedEventSchema,
  'solicitation.changed': solicitationChangedEventSchema,
  /** A company's invoices or payments changed, e.g. an invoice was paid (audience: that client). */
  'billing.changed': billingChangedEventSchema,
} as const;
export type RealtimeEventType = keyof typeof REALTIME_EVENTS;
export type RealtimeEventPayload<T extends RealtimeEventType> = z.infer<
  (typeof REALTIME_EVENTS)[T]
>;
