import { z } from 'zod';

/**
 * A client company's standing with the agency. `prospect` is a business an employee runs
 * custom rank grids on (custom-rank.ts): not a client yet, but its record is read the same way.
 */
export const COMPANY_STATUSES = [
  'active',
  'onboarding',
  'paused',
  'cancelled',
  'prospect',
] as const;
export const companyStatusSchema = z.enum(COMPANY_STATUSES);
export type CompanyStatus = z.infer<typeof companyStatusSchema>;

/** A product instance's state (the product list shows it). */
export const PRODUCT_STATUSES = ['active', 'paused', 'on_hold', 'cancelled'] as const;
export const productStatusSchema = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof productStatusSchema>;
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  on_hold: 'On hold',
  cancelled: 'Cancelled',
};

/** What the agency did for a client: the activity feed's types. */
export const ACTIVITY_TYPES = [
  'post_published',
  'review_replied',
  'listing_updated',
  'scan_run',
  'photo_uploaded',
  'qa_answered',
  'ad_campaign_updated',
  'report_sent',
  'website_updated',
] as const;
export const activityTypeSchema = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof activityTypeSchema>;
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  post_published: 'Post published',
  review_replied: 'Review replied',
  listing_updated: 'Listing updated',
  scan_run: 'Rank scan run',
  photo_uploaded: 'Photo uploaded',
  qa_answered: 'Question answered',
  ad_campaign_updated: 'Ad campaign updated',
  report_sent: 'Report sent',
  website_updated: 'Website updated',
};

/** 'info' needs no decision; the others are the approval states. */
export const NOTIFICATION_STATES = ['info', 'pending', 'approved', 'declined'] as const;
export const notificationStateSchema = z.enum(NOTIFICATION_STATES);
export type NotificationState = z.infer<typeof notificationStateSchema>;
