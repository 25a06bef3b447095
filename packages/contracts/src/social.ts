import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './identity';

export const socialProviderSchema = z.enum(['google', 'facebook']);
export type SocialProviderName = z.infer<typeof socialProviderSchema>;

export const SOCIAL_PROVIDER_LABELS: Record<SocialProviderName, string> = {
  google: 'Google',
  facebook: 'Facebook',
};

export const socialProviderParamsSchema = z.object({ provider: socialProviderSchema });

/** Which providers are configured: the others' buttons are hidden. */
export const socialProvidersResponseSchema = z.object({
  google: z.boolean(),
  facebook: z.boolean(),
});
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponseSchema>;

export const socialLinkRequestSchema = z.object({
  linkToken: z.string().min(1).max(200),
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
});
export type SocialLinkRequest = z.infer<typeof socialLinkRequestSchema>;

export const socialLogoutResponseSchema = z.object({
  ok: z.literal(true),
  /** True when the current session had been opened with this provider and is now ended. */
  signedOut: z.boolean(),
});

/** What the sign-in popup posts to the page that opened it. */
export const socialPopupMessageSchema = z.discriminatedUnion('status', [
  z.object({
    source: z.literal('pinpoint-social'),
    status: z.literal('signed-in'),
    provider: socialProviderSchema,
    name: z.string(),
    email: z.string().nullable(),
  }),
  z.object({
    source: z.literal('pinpoint-social'),
    status: z.literal('link-required'),
    provider: socialProviderSchema,
    email: z.string(),
    linkToken: z.string(),
  }),
  z.object({
    source: z.literal('pinpoint-social'),
    status: z.literal('error'),
    provider: socialProviderSchema,
    message: z.string(),
  }),
]);
export type SocialPopupMessage = z.infer<typeof socialPopupMessageSchema>;
