import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { linkOrigin } from '../../lib/link-origin';
import { loadLinkSecret } from '../../lib/signed-link';
import { createAccountEmailsRepository } from './account-emails.repository';
import { accountEmailsRoutes } from './account-emails.routes';
import { type AccountEmailsService, createAccountEmailsService } from './account-emails.service';
import { devOutboxRoutes } from './dev-outbox.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Invitation (activation) and password-reset emails (issue 20). */
    accountEmails: AccountEmailsService;
  }
}

/**
 * Account emails on the shared mail transport, and the staff's dev outbox. After the
 * messaging plugin (app.mail) and before the client-users routes, which invite.
 */
export const accountEmailsPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string | null; linkSecret: string | null }) => {
    const secret = await loadLinkSecret(app.database.db, opts.linkSecret);
    const service = createAccountEmailsService({
      repo: createAccountEmailsRepository(app.database.db),
      mail: app.mail,
      secret,
      origin: () => linkOrigin(app, opts.publicUrl),
      // A reset ended these sessions: every process drops them and closes their sockets.
      sessionEnded: (tokenHash) => {
        app.sessionService.forget(tokenHash);
        app.realtime.publish({
          type: 'session.ended',
          payload: {},
          audience: { session: tokenHash },
        });
      },
      recorded: (event) =>
        app.realtime.publish({
          type: 'sign-in',
          audience: { staff: true },
          payload: {
            id: event.id,
            email: event.email,
            userId: null,
            method: 'password-reset',
            outcome: event.outcome,
            ip: event.ip,
            at: event.at.toISOString(),
          },
        }),
      log: app.log.child({ component: 'account-emails' }),
    });
    app.decorate('accountEmails', service);
    // Reset emails still being sent finish before the mail transport and database close.
    app.addHook('preClose', () => service.drain());
    await app.register(accountEmailsRoutes, { service });
    await app.register(devOutboxRoutes);
  },
  { name: 'account-emails', dependencies: ['messaging'] },
);
