import type { Db } from '../../db/database';
import type { MessagingConfig } from '../messaging-config';
import { createDevOutboxMail } from './dev-outbox-mail';
import type { MailTransport } from './mail-transport';
import { createSmtpMail } from './smtp-mail';

/** SMTP when SMTP_URL is set; otherwise the dev outbox. */
export function createMailTransport(config: MessagingConfig['mail'], db: Db): MailTransport {
  if (config.smtpUrl) {
    return createSmtpMail({ url: config.smtpUrl, from: config.from, timeoutMs: config.timeoutMs });
  }
  return createDevOutboxMail({ db, from: config.from });
}
