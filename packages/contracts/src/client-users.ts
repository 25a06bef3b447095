import { z } from 'zod';
import { invitationDeliverySchema } from './account-emails';
import { emailSchema } from './identity';

/**
 * `POST /api/uni/insertUser`: staff create a sign-in for a client company. Nobody types a
 * password for someone else (issue 20): the person gets an activation email and chooses
 * their own; until then the account needs activation and cannot be signed into.
 */
export const clientUserCreateSchema = z.strictObject(
  {
    email: emailSchema,
    first_name: z
      .string({ error: 'Enter the first name.' })
      .trim()
      .min(1, 'Enter the first name.')
      .max(100, 'Use at most 100 characters.'),
    last_name: z
      .string({ error: 'Enter the last name.' })
      .trim()
      .min(1, 'Enter the last name.')
      .max(100, 'Use at most 100 characters.'),
    company_id: z.coerce
      .number({ error: 'Choose the client company.' })
      .int('Choose the client company.')
      .positive('Choose the client company.'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `These fields cannot be set here: ${issue.keys.join(', ')}.`
        : undefined,
  },
);
export type ClientUserCreate = z.input<typeof clientUserCreateSchema>;

export const clientUserCreatedSchema = z.object({
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  company: z.object({ id: z.number().int(), name: z.string() }),
  /** How the new user signs in: they choose a password from the activation email. */
  sign_in: z.literal('activation-email'),
  /** Whether the activation email went out, was kept in the dev outbox, or failed. */
  invitation: invitationDeliverySchema,
});
export type ClientUserCreated = z.infer<typeof clientUserCreatedSchema>;
