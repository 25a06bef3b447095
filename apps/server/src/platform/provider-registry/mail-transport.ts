import type { MessagingConfig } from '../../config/messaging-config';
import type { Db } from '../../kernel/db/database';
import { createDevOutboxMail } from '../../providers/mail/dev-outbox-mail';
import type { MailTransport } from '../../providers/mail/port';
import { createSmtpMail } from '../../providers/mail/smtp-mail';

/** SMTP when SMTP_URL is set; otherwise the dev outbox. */
export function createMailTransport(config: MessagingConfig['mail'], db: Db): MailTransport {
  if (config.smtpUrl) {
    return createSmtpMail({ url: config.smtpUrl, from: config.from, timeoutMs: config.timeoutMs });
  }
  return createDevOutboxMail({ db, from: config.from });
}
