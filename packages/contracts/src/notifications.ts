import { z } from 'zod';
import { notificationStateSchema } from './domain';

/** Someone who decided a notification, as others see them: a display name, no email. */
export const notificationActorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});

/** One notification of one client company (SPEC §7 `/api/uni/client/notifications/{id}`). */
export const notificationSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  state: notificationStateSchema,
  read: z.boolean(),
  createdAt: z.string(),
  /** Set once a pending notification is approved or declined. */
  actedAt: z.string().nullable(),
  actedBy: notificationActorSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `:id` is the company's id on the list and read routes, the notification's on approve. */
export const notificationIdParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

export const NOTIFICATIONS_PAGE_SIZE_MAX = 100;

/** `GET /api/uni/client/notifications/{companyId}`: newest first, optionally pending only. */
export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE_MAX).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pending: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** How many notifications match the filter, across all pages. */
  total: z.number().int(),
  /** The company's unread notifications, whatever the filter (the bell's number). */
  unreadCount: z.number().int(),
  /** The company's notifications waiting for a decision, whatever the filter. */
  pendingCount: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const NOTIFICATION_DECISIONS = ['approved', 'declined'] as const;
export type NotificationDecision = (typeof NOTIFICATION_DECISIONS)[number];

/**
 * `POST /api/uni/client/notifications/{notificationId}/approve`. Approval is the default;
 * unknown fields are dropped, never stored.
 */
export const notificationDecisionRequestSchema = z.object({
  decision: z
    .enum(NOTIFICATION_DECISIONS, { message: 'Choose approved or declined.' })
    .default('approved'),
  /** Why it was declined: goes back to whoever wrote it (a declined post shows it). */
  comment: z.string().trim().max(1000, 'Keep the comment under 1,000 characters.').optional(),
});
export type NotificationDecisionRequest = z.input<typeof notificationDecisionRequestSchema>;

/**
 * `POST /api/uni/client/notifications/{companyId}/read`: marks the listed notifications of
 * the company as read, or all of them when `ids` is left out.
 */
export const notificationsReadRequestSchema = z.object({
  ids: z
    .array(z.number().int().positive())
    .max(NOTIFICATIONS_PAGE_SIZE_MAX, {
      message: `Mark at most ${NOTIFICATIONS_PAGE_SIZE_MAX} at once.`,
    })
    .optional(),
});
export type NotificationsReadRequest = z.input<typeof notificationsReadRequestSchema>;

export const notificationsReadResponseSchema = z.object({
  /** How many were unread and are now read. */
  marked: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationsReadResponse = z.infer<typeof notificationsReadResponseSchema>;

/** Realtime `notification.changed`: a decision was taken (a hint; pages refetch). */
export const notificationChangedSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  state: notificationStateSchema,
  actedAt: z.string().nullable(),
  /** The display name of who decided. */
  actedBy: z.string().nullable(),
});
export type NotificationChanged = z.infer<typeof notificationChangedSchema>;

/** Realtime `notifications.read`: some of a company's notifications were marked read. */
export const notificationsReadEventSchema = z.object({
  companyId: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationsReadEvent = z.infer<typeof notificationsReadEventSchema>;
