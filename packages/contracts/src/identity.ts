import { z } from 'zod';

/** DECISIONS.md: at least 10 characters (the server also refuses common passwords). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const emailSchema = z
  .email({ message: 'Enter a valid email address.' })
  .max(254)
  .transform((value) => value.trim().toLowerCase());

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { message: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').max(254),
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** `/api/freemium/create`: the lead creation payload of SPEC §3, plus a password. */
export const signupRequestSchema = z.object({
  company: z.string().trim().min(1, 'Enter your company name.').max(200),
  first_name: z.string().trim().min(1, 'Enter your first name.').max(100),
  last_name: z.string().trim().min(1, 'Enter your last name.').max(100),
  email: emailSchema,
  password: newPasswordSchema,
  phone_number: optionalText(40),
  alt_phone_number: optionalText(40),
  street_address: optionalText(400),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  country: optionalText(100),
  web_address: optionalText(400),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const authTypeSchema = z.enum(['password', 'google', 'facebook']);
export type AuthType = z.infer<typeof authTypeSchema>;

export const sessionClientSchema = z.object({
  client_id: z.number().int(),
  name: z.string(),
  label: z.string(),
});
export type SessionClient = z.infer<typeof sessionClientSchema>;

/**
 * SPEC §3 "session token": what the browser keeps (encrypted) to steer navigation.
 * The server never trusts it; its own session is the cookie.
 */
export const sessionDescriptorSchema = z.object({
  exp: z.number().int(),
  perm: z.boolean(),
  admin: z.boolean(),
  lead: z.boolean(),
  clients: z.array(sessionClientSchema),
  client: sessionClientSchema.nullable(),
});
export type SessionDescriptor = z.infer<typeof sessionDescriptorSchema>;

/** SPEC §3 "session/user state". */
export const userStateSchema = z.object({
  clientId: z.number().int().nullable(),
  index: z.number().int(),
  clientLabel: z.string().nullable(),
  client: sessionClientSchema.nullable(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  perm: z.boolean(),
  admin: z.boolean(),
  lead: z.boolean(),
  phoneExt: z.string().nullable(),
  auth_type: authTypeSchema,
});
export type UserState = z.infer<typeof userStateSchema>;

export const authResponseSchema = z.object({
  session: sessionDescriptorSchema,
  user: userStateSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
