import type {
  ClientUserCreated,
  clientUserCreateSchema,
  InvitationDelivery,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, badRequest, conflict } from '../../kernel/lib/app-error';
import type { ClientUsersRepository } from './client-users.repository';

export const EMAIL_TAKEN = 'An account with this email already exists.';

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === '23505' || cause?.code === '23505';
}

/** Sends the activation email of a new member (account-emails); never throws. */
export type Invite = (
  user: { id: number; email: string; firstName: string },
  company: { id: number; name: string },
) => Promise<InvitationDelivery>;

/**
 * Staff create a sign-in for a member of a client company (SPEC §7 `/api/uni/insertUser`).
 * An employee may do so only for a company assigned to them; admins for any. Nobody types
 * the person's password (issue 20): the account is created without one, needing
 * activation, and the person chooses it from the activation email.
 */
export function createClientUsersService(repo: ClientUsersRepository, invite: Invite) {
  return {
    async create(
      principal: Principal,
      input: z.output<typeof clientUserCreateSchema>,
    ): Promise<ClientUserCreated> {
      if (!(principal.perm || principal.admin)) throw accessDenied();
      // Refused before the company is looked up, so an employee learns nothing of others.
      if (!canAccessClient(principal, input.company_id)) {
        throw accessDenied('You can add users only to client companies assigned to you.');
      }
      const companyName = await repo.companyName(input.company_id);
      if (companyName === null) {
        throw badRequest('Some fields are missing or invalid.', [
          { path: 'body.company_id', message: 'There is no such client company.' },
        ]);
      }
      if (await repo.emailTaken(input.email)) throw conflict(EMAIL_TAKEN);

      let created: Awaited<ReturnType<ClientUsersRepository['createMember']>>;
      try {
        created = await repo.createMember(
          {
            email: input.email,
            firstName: input.first_name,
            lastName: input.last_name,
            passwordHash: null,
            needsActivation: true,
          },
          input.company_id,
        );
      } catch (error) {
        // Two requests for one email at once: the unique index lets exactly one through.
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        throw error;
      }
      const invitation = await invite(created, { id: input.company_id, name: companyName });
      return {
        user: {
          id: created.id,
          email: created.email,
          first_name: created.firstName,
          last_name: created.lastName,
        },
        company: { id: input.company_id, name: companyName },
        sign_in: 'activation-email',
        invitation,
      };
    },
  };
}
