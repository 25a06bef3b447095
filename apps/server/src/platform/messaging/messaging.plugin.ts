import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MessagingConfig } from '../../config/messaging-config';
import type { MailTransport } from '../../providers/mail/port';
import type { SmsProvider } from '../../providers/sms/port';
import { createMailTransport } from '../provider-registry/mail-transport';
import { createSmsProvider } from '../provider-registry/sms-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every email: SMTP, or the dev outbox when SMTP_URL is unset. */
    mail: MailTransport;
    /** Every text: the SMS provider (demo: the dev outbox). */
    sms: SmsProvider;
  }
}

/**
 * The two transports to people outside the agency, shared by account emails and review
 * requests. After the database; the areas that send register after it.
 */
export const messagingPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { config: MessagingConfig; mail?: MailTransport; sms?: SmsProvider },
  ) => {
    const db = app.database.db;
    const mail = opts.mail ?? createMailTransport(opts.config.mail, db);
    const sms =
      opts.sms ?? createSmsProvider(opts.config.sms, { db, recordCall: app.recordProviderCall });
    app.decorate('mail', mail);
    app.decorate('sms', sms);
    app.addHook('onClose', async () => {
      await mail.close();
    });
    app.log.info({ mail: mail.mode, sms: sms.mode }, 'messaging transports ready');
  },
  { name: 'messaging' },
);
