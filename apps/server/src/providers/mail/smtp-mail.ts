import nodemailer from 'nodemailer';
import {
  MailError,
  type MailMessage,
  type MailResult,
  type MailTransport,
  mailDomain,
} from './port';

/**
 * Email through an SMTP server with nodemailer: a pool of a few connections (throughput
 * without opening one per message), both parts, our own Message-ID. A 5xx answer is a
 * permanent failure; 4xx, connection errors and timeouts may succeed on a retry.
 */
export function createSmtpMail(options: {
  url: string;
  from: string;
  timeoutMs: number;
  maxConnections?: number;
}): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: options.maxConnections ?? 4,
    // Many messages per connection; the pool reconnects when a server closes one.
    maxMessages: 1000,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    // The local test server speaks plain SMTP; STARTTLS is used whenever offered.
    tls: { rejectUnauthorized: process.env.NODE_ENV === 'production' },
  });
  const domain = mailDomain(options.from);

  return {
    mode: 'smtp',
    from: options.from,
    async send(message: MailMessage): Promise<MailResult> {
      const messageId = message.messageId ?? `${crypto.randomUUID()}@${domain}`;
      try {
        const info = await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
          messageId: `<${messageId}>`,
        });
        return { kind: 'sent', messageId, response: String(info.response ?? '') };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode ?? null;
        const permanent = code !== null && code >= 500;
        const reason =
          code !== null
            ? `The mail server refused the message (${code}).`
            : 'The mail server could not be reached.';
        throw new MailError(reason, permanent, code);
      }
    },
    async close() {
      transporter.close();
    },
  };
}
