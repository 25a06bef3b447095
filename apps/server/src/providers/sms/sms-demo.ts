import type { Db } from '../../kernel/db/database';
import { devOutbox } from '../../kernel/db/schema';
import type { SmsMessage, SmsProvider, SmsResult } from './port';

/**
 * The default SMS provider: every text is kept in the dev outbox, from the agency's demo
 * number, and never reported as sent or delivered (DECISIONS: with no transport configured,
 * messages wait in the dev outbox).
 */
export function createSmsDemo(options: { db: Db; from?: string }): SmsProvider {
  return {
    mode: 'demo',
    async send(message: SmsMessage): Promise<SmsResult> {
      const [row] = await options.db
        .insert(devOutbox)
        .values({
          channel: 'sms',
          purpose: message.purpose,
          companyId: message.companyId ?? null,
          toAddress: message.to,
          fromAddress: options.from ?? '+15125550100',
          subject: null,
          text: message.body,
          html: null,
          headers: { 'Idempotency-Key': message.idempotencyKey },
        })
        .returning({ id: devOutbox.id });
      return { kind: 'held', externalId: `outbox-${row?.id ?? 0}`, outboxId: row?.id ?? 0 };
    },
  };
}
