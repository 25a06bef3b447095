import { z } from 'zod';
import { newPasswordSchema } from './identity';

/**
 * Account emails (issue 20): the invitation a staff-created user activates, and the
 * password reset. Both links carry a signed, single-use token; only its hash is stored.
 */
export const ACCOUNT_LINK_PURPOSES = ['activation', 'reset'] as const;
export const accountLinkPurposeSchema = z.enum(ACCOUNT_LINK_PURPOSES);
export type AccountLinkPurpose = z.infer<typeof accountLinkPurposeSchema>;

/** How long each link works: an invitation waits a week, a reset an hour (issue 20). */
export const ACCOUNT_LINK_LIFETIME_MS: Record<AccountLinkPurpose, number> = {
  activation: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** A token as the emailed link carries it: `random.signature`, both base64url. */
const tokenSchema = z
  .string({ error: 'This link is not valid.' })
  .trim()
  .min(1, 'This link is not valid.')
  .max(512, 'This link is not valid.');

/** `GET /api/auth/account-link?token=&purpose=`: may the page show its form? */
export const accountLinkQuerySchema = z.object({
  token: tokenSchema,
  purpose: accountLinkPurposeSchema,
});

export const accountLinkStatusSchema = z.enum(['valid', 'invalid', 'expired', 'used']);
export type AccountLinkStatus = z.infer<typeof accountLinkStatusSchema>;

/** Only a valid link names whose it is, so the page can greet them; nothing more. */
export const accountLinkCheckSchema = z.object({
  status: accountLinkStatusSchema,
  purpose: accountLinkPurposeSchema,
  email: z.string().nullable(),
  first_name: z.string().nullable(),
});
export type AccountLinkCheck = z.infer<typeof accountLinkCheckSchema>;

/** `POST /api/auth/activate` and `POST /api/auth/reset-password`. */
export const setPasswordWithTokenSchema = z.object({
  token: tokenSchema,
  password: newPasswordSchema,
});
export type SetPasswordWithToken = z.input<typeof setPasswordWithTokenSchema>;

export const passwordSetSchema = z.object({
  ok: z.literal(true),
  /** The account's email, so the sign-in page can fill it in. */
  email: z.string(),
});
export type PasswordSet = z.infer<typeof passwordSetSchema>;

/** `POST /api/auth/forgot-password`. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Enter your email address.' })
    .trim()
    .min(1, 'Enter your email address.')
    .max(254, 'Enter a valid email address.')
    .pipe(z.email({ message: 'Enter a valid email address.' }))
    .transform((value) => value.toLowerCase()),
});
export type ForgotPassword = z.input<typeof forgotPasswordSchema>;

/** The one answer, whether an account has this email or not. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses this email, we have sent it a link to choose a new password. The link works for 1 hour.';
export const forgotPasswordAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });

/** What happened to an invitation email: the staff form says so. */
export const invitationDeliverySchema = z.enum([
  /** Accepted by the SMTP server. */
  'sent',
  /** No SMTP configured: kept in the dev outbox, not sent to anyone. */
  'held',
  /** The mail server refused or could not be reached: resend it later. */
  'failed',
]);
export type InvitationDelivery = z.infer<typeof invitationDeliverySchema>;

/** `POST /api/uni/insertUser/:userId/resend`. */
export const invitationResendParamsSchema = z.object({
  userId: z.coerce.number().int().positive(),
});
export const invitationResentSchema = z.object({
  email: z.string(),
  invitation: invitationDeliverySchema,
});
export type InvitationResent = z.infer<typeof invitationResentSchema>;
