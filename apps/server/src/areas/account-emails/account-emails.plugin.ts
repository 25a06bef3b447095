import type { FastifyInstance } from 'fastify';
import { linkOrigin } from '../../kernel/lib/link-origin';
import { loadLinkSecret } from '../../kernel/lib/signed-link';
import { createAccountEmailsRepository } from './account-emails.repository';
import { accountEmailsRoutes } from './account-emails.routes';
import { createAccountEmailsService } from './account-emails.service';
import { devOutboxRoutes } from './dev-outbox.routes';

/**
 * Account emails on the shared mail transport, and the staff's dev outbox. After the
 * messaging plugin (app.mail) and before the client-users routes, which invite.
 */
export async function registerAccountEmails(
  app: FastifyInstance,
  opts: { publicUrl: string | null; linkSecret: string | null },
) {
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
  // Reset emails still being sent finish before the mail transport and database close.
  app.addHook('preClose', () => service.drain());
  await app.register(accountEmailsRoutes, { service });
  await app.register(devOutboxRoutes);

  return { accountEmails: service };
}
