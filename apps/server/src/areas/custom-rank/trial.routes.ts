import { TRIAL_SCANS_PER_DAY, trialMeSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { notFound } from '../../kernel/lib/app-error';
import type { RankGridEngine } from '../rank-grid';
import { isTrialCaller } from '../rank-grid';
import { createTrialRepository } from './trial.repository';

/**
 * The trial area's own read (issue 7): who the lead is and which company their trial scans
 * belong to, so the trial screens can ask the history and alerts routes about it.
 */
export const trialRoutes: FastifyPluginAsyncZod<{ rankGrid: RankGridEngine }> = async (
  app,
  { rankGrid },
) => {
  const repo = createTrialRepository(app.database.db);

  app.route({
    method: 'GET',
    url: '/api/trial/me',
    config: { access: 'lead' },
    schema: {
      tags: ['trial'],
      summary: "A trial lead's profile, their trial company (null before the first scan)",
      response: { 200: trialMeSchema },
    },
    handler: async (request) => {
      const principal = requirePrincipal(request);
      const found = await repo.profileOf(principal.userId);
      if (!found) throw notFound('No such user.');
      const { user, lead } = found;
      return {
        profile: {
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          company: lead?.company ?? null,
          phone: lead?.phoneNumber ?? null,
          website: lead?.webAddress ?? null,
          city: lead?.city ?? null,
          state: lead?.state ?? null,
          signedUpAt: (lead?.createdAt ?? user.createdAt).toISOString(),
        },
        // Admins pass the `lead` access too; they have no trial company of their own.
        trialCompanyId: isTrialCaller(principal)
          ? await rankGrid.repo.trialCompanyOf(principal.userId)
          : null,
        scansPerDay: TRIAL_SCANS_PER_DAY,
      };
    },
  });
};
