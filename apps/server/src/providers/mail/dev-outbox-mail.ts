import type { Db } from '../../kernel/db/database';
import { devOutbox } from '../../kernel/db/schema';
import { type MailMessage, type MailResult, type MailTransport, mailDomain } from './port';

/**
 * No SMTP_URL: every email is kept in the dev outbox (staff read it there), marked as not
 * sent. Nothing leaves the machine and nothing is ever reported as delivered.
 */
export function createDevOutboxMail(options: { db: Db; from: string }): MailTransport {
  const domain = mailDomain(options.from);
  return {
    mode: 'outbox',
    from: options.from,
    async send(message: MailMessage): Promise<MailResult> {
      const messageId = message.messageId ?? `${crypto.randomUUID()}@${domain}`;
      const [row] = await options.db
        .insert(devOutbox)
        .values({
          channel: 'email',
          purpose: message.purpose,
          companyId: message.companyId ?? null,
          toAddress: message.to,
          fromAddress: options.from,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: { ...message.headers, 'Message-ID': `<${messageId}>` },
        })
        .returning({ id: devOutbox.id });
      return { kind: 'held', messageId, outboxId: row?.id ?? 0 };
    },
    async close() {},
  };
}
