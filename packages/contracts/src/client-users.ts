import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './identity';

/**
 * `POST /api/uni/insertUser`: staff create a sign-in for a client company. There is no
 * invitation email yet, so staff give the person an initial password (checked by the same
 * rules as every password) and tell them; the answer never carries it back.
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
    password: newPasswordSchema,
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
  /** How the new user signs in: with the initial password they were given. */
  sign_in: z.literal('password'),
});
export type ClientUserCreated = z.infer<typeof clientUserCreatedSchema>;
