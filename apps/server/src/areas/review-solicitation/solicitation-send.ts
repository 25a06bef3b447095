import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../kernel/db/database';
import { VendorError } from '../../providers/kernel/vendor-errors';
import { MailError, type MailTransport } from '../../providers/mail/port';
import type { SmsProvider } from '../../providers/sms/port';
import { type ComposeContext, composeEmail, composeSms } from './compose-message';
import {
  cancelUnsent,
  claim,
  loadForSend,
  type Moved,
  recordOptOut,
  rollUp,
  SENDABLE,
  type SendRow,
  transition,
} from './message-store';
import { inSendingHours, intoSendingHours } from './solicitation-rules';

/** Twilio's "the recipient has unsubscribed" (replied STOP to our number before). */
export const TWILIO_UNSUBSCRIBED = 21610;

export interface SendDeps {
  db: Db;
  now: () => Date;
  mail: MailTransport;
  sms: SmsProvider;
  /** Read at send time: the origin is known only once the server listens (development). */
  composeContext: (now: Date) => ComposeContext;
  /** Where Twilio reports delivery (null: no public address to be called back on). */
  statusCallbackUrl: () => string | null;
  /** Queues this message's send job for `at` (a job waiting already makes this a no-op). */
  requeue(messageId: number, at: Date): Promise<void>;
  /** The requests whose status changed (realtime `solicitation.changed`). */
  changed(rows: { id: number; companyId: number; productId: number }[]): void;
  log: FastifyBaseLogger;
  /** Sends of one message at most; then it fails for good. */
  maxAttempts: number;
  /** A 'sending' row older than this was left by a dead process and may be taken again. */
  leaseMs: number;
}

export type SendOutcome =
  | 'sent'
  | 'held'
  | 'not_due'
  | 'rescheduled'
  | 'opted_out'
  | 'failed'
  | 'retry'
  | 'skipped'
  | 'missing';

/** A transient failure: the job throws it so the queue retries with backoff. */
export class RetryableSendError extends Error {
  override readonly name = 'RetryableSendError';
}

/** Tells the page a request's status changed (the roll-up ran with the transition). */
function settle(deps: SendDeps, moved: Moved | null) {
  if (moved?.changed) {
    deps.changed([{ id: moved.requestId, companyId: moved.companyId, productId: moved.productId }]);
  }
}

function describeFailure(error: unknown): { permanent: boolean; reason: string; code?: number } {
  if (error instanceof MailError) return { permanent: error.permanent, reason: error.message };
  if (error instanceof VendorError) {
    const code = (error as VendorError & { twilioCode?: number | null }).twilioCode ?? undefined;
    return { permanent: !error.retryable, reason: error.message, code };
  }
  return { permanent: false, reason: 'The message could not be sent.' };
}

async function deliver(deps: SendDeps, row: SendRow, now: Date) {
  const ctx = deps.composeContext(now);
  const subject = {
    requestId: row.request.id,
    token: row.request.token,
    business: row.business,
    firstName: row.contact.firstName,
    lastName: row.contact.lastName,
    // A deleted template: the agency's wording is gone, so nothing is sent (failed below).
    template: row.template ?? { smsBody: '', emailSubject: '', emailBody: '' },
  };
  if (!row.template) throw new MailError('The template of this request was deleted.', true);
  if (row.message.channel === 'email') {
    const result = await deps.mail.send(
      composeEmail(ctx, subject, row.message.toAddress, row.message.companyId),
    );
    return result.kind === 'sent'
      ? { kind: 'sent' as const, externalId: result.messageId }
      : { kind: 'held' as const, externalId: result.messageId };
  }
  const callback = deps.statusCallbackUrl();
  const result = await deps.sms.send({
    to: row.message.toAddress,
    body: composeSms(ctx, subject),
    idempotencyKey: row.message.idempotencyKey,
    ...(callback && { statusCallbackUrl: callback }),
    purpose: 'review-request',
    companyId: row.message.companyId,
  });
  return { kind: result.kind, externalId: result.externalId };
}

/**
 * One run of the send job for one message (docs/areas/review-solicitation.md): only a due
 * scheduled/queued row goes; opt-outs and sending hours are checked again now; the row is claimed by a conditional update before anything leaves, and marked
 * sent in one statement right after the transport accepts it.
 */
export async function sendMessage(deps: SendDeps, messageId: number): Promise<SendOutcome> {
  const { db } = deps;
  const row = await loadForSend(db, messageId);
  if (!row) return 'missing';
  const { message, contact } = row;
  const now = deps.now();
  const stale =
    message.status === 'sending' &&
    (message.claimedAt?.getTime() ?? 0) < now.getTime() - deps.leaseMs;
  if (!(SENDABLE as readonly string[]).includes(message.status) && !stale) return 'skipped';
  if (message.sendAfter.getTime() > now.getTime()) {
    // Early (a reschedule, a clock): the job queued for its time sends it.
    await deps.requeue(message.id, message.sendAfter);
    return 'not_due';
  }

  if (row.optedOut) {
    const moved = await transition(
      db,
      message.id,
      [...SENDABLE, 'sending'],
      { status: 'opted_out', failureReason: 'The customer opted out.' },
      { type: 'opted_out', at: now, detail: { channel: message.channel, at: 'send' } },
    );
    settle(deps, moved);
    return 'opted_out';
  }

  if (!inSendingHours(now, contact.timeZone)) {
    const at = intoSendingHours(now, contact.timeZone);
    const moved = await transition(
      db,
      message.id,
      [...SENDABLE, 'sending'],
      { status: 'scheduled', sendAfter: at },
      { type: 'waiting', at: now, detail: { channel: message.channel, until: at.toISOString() } },
    );
    if (moved) await deps.requeue(message.id, at);
    settle(deps, moved);
    return 'rescheduled';
  }

  const claimed = await claim(db, message.id, now, deps.leaseMs);
  if (!claimed) return 'skipped';
  let result: Awaited<ReturnType<typeof deliver>>;
  try {
    result = await deliver(deps, row, now);
  } catch (error) {
    const failure = describeFailure(error);
    const at = deps.now();
    if (failure.code === TWILIO_UNSUBSCRIBED) {
      // The carrier says this number replied STOP to our number: honoured everywhere.
      await recordOptOut(db, null, message.toAddress, 'sms-keyword', 'twilio 21610', at);
      const requests = await cancelUnsent(db, null, [message.toAddress], at, { source: 'twilio' });
      const moved = await transition(
        db,
        message.id,
        ['sending'],
        { status: 'opted_out', failureReason: failure.reason },
        { type: 'opted_out', at, detail: { channel: message.channel, code: failure.code } },
      );
      deps.changed(await rollUp(db, [...requests, ...(moved ? [moved.requestId] : [])]));
      return 'opted_out';
    }
    const final = failure.permanent || claimed.attempts >= deps.maxAttempts;
    const moved = await transition(
      db,
      message.id,
      ['sending'],
      final
        ? { status: 'failed', failureReason: failure.reason, failedAt: at }
        : { status: 'queued', failureReason: failure.reason },
      {
        type: final ? 'failed' : 'retrying',
        at,
        detail: { channel: message.channel, reason: failure.reason, attempt: claimed.attempts },
      },
    );
    settle(deps, moved);
    if (final) return 'failed';
    deps.log.warn({ messageId, attempt: claimed.attempts }, 'review request send will retry');
    throw new RetryableSendError(failure.reason);
  }
  const at = deps.now();
  const moved = await transition(
    db,
    message.id,
    ['sending'],
    { status: result.kind, externalId: result.externalId, sentAt: at },
    { type: result.kind, at, detail: { channel: message.channel, externalId: result.externalId } },
  );
  settle(deps, moved);
  return result.kind;
}
