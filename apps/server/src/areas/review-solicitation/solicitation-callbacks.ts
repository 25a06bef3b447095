import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  solicitationContacts,
  solicitationMessages,
  solicitationRequests,
} from '../../kernel/db/schema';
import { verifyLink } from '../../kernel/lib/signed-link';
import { SMS_OPT_OUT_LINE } from './compose-message';
import {
  addEvent,
  cancelUnsent,
  recordOptOut,
  revokeOptOuts,
  rollUp,
  transition,
} from './message-store';
import { smsKeyword } from './sms-keywords';

/**
 * What the outside world tells us about sent requests: the customer's click on the review
 * link, an unsubscribe, Twilio's delivery reports and inbound texts (STOP, START, HELP).
 */
export interface CallbackDeps {
  db: Db;
  now: () => Date;
  linkSecret: Buffer;
  changed(rows: { id: number; companyId: number; productId: number }[]): void;
  agencyName: string;
}

/** Twilio's MessageStatus → ours; the states a callback may move a message from. */
const STATUS_MOVES: Record<string, { to: string; from: string[] }> = {
  sent: { to: 'sent', from: ['sending', 'queued'] },
  delivered: { to: 'delivered', from: ['sending', 'queued', 'sent'] },
  undelivered: { to: 'failed', from: ['sending', 'queued', 'sent'] },
  failed: { to: 'failed', from: ['sending', 'queued', 'sent'] },
};

export function createCallbacks(deps: CallbackDeps) {
  const { db } = deps;

  /** The request an unsubscribe token names, with its contact. */
  async function unsubscribeTarget(token: string) {
    const check = verifyLink(deps.linkSecret, 'unsubscribe', token, deps.now());
    if (!check.ok) return null;
    const [row] = await db
      .select({
        requestId: solicitationRequests.id,
        companyId: solicitationRequests.companyId,
        business: clientCompanies.name,
        phone: solicitationContacts.phone,
        email: solicitationContacts.email,
      })
      .from(solicitationRequests)
      .innerJoin(solicitationContacts, eq(solicitationContacts.id, solicitationRequests.contactId))
      .innerJoin(clientCompanies, eq(clientCompanies.id, solicitationRequests.companyId))
      .where(eq(solicitationRequests.id, check.subjectId));
    return row ?? null;
  }

  return {
    /** The review link: the first click is recorded; answers the company's Google place id. */
    async click(token: string): Promise<string | null> {
      if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
      const [row] = await db
        .select({
          id: solicitationRequests.id,
          clickedAt: solicitationRequests.clickedAt,
          placeId: clientCompanies.googlePlaceId,
        })
        .from(solicitationRequests)
        .innerJoin(clientCompanies, eq(clientCompanies.id, solicitationRequests.companyId))
        .where(eq(solicitationRequests.token, token));
      if (!row?.placeId) return null;
      if (!row.clickedAt) {
        const at = deps.now();
        const first = await db
          .update(solicitationRequests)
          .set({ clickedAt: at })
          .where(and(eq(solicitationRequests.id, row.id), isNull(solicitationRequests.clickedAt)))
          .returning({ id: solicitationRequests.id });
        if (first.length) {
          await addEvent(db, row.id, 'clicked', at);
          deps.changed(await rollUp(db, [row.id]));
        }
      }
      return row.placeId;
    },

    /** For the unsubscribe page: whose link this is (null: not a valid link). */
    async unsubscribeInfo(token: string) {
      const target = await unsubscribeTarget(token);
      return target ? { business: target.business } : null;
    },

    /**
     * One-click unsubscribe (RFC 8058) and the page's button: the contact's phone and email
     * are opted out of this company's messages, and their unsent messages cancelled.
     */
    async unsubscribe(token: string, source: 'email-one-click' | 'email-link') {
      const target = await unsubscribeTarget(token);
      if (!target) return null;
      const at = deps.now();
      const addresses = [target.phone, target.email].filter((a): a is string => Boolean(a));
      for (const address of addresses) {
        await recordOptOut(
          db,
          target.companyId,
          address,
          source,
          `request ${target.requestId}`,
          at,
        );
      }
      const requests = await cancelUnsent(db, target.companyId, addresses, at, { source });
      await addEvent(db, target.requestId, 'unsubscribed', at, { source });
      deps.changed(await rollUp(db, [...new Set([target.requestId, ...requests])]));
      return { business: target.business };
    },

    /** A Twilio status callback: moves the message forward only, never back. */
    async smsStatus(params: Record<string, string>) {
      const sid = params.MessageSid ?? params.SmsSid ?? '';
      const move = STATUS_MOVES[(params.MessageStatus ?? params.SmsStatus ?? '').toLowerCase()];
      if (!sid || !move) return;
      const [message] = await db
        .select({ id: solicitationMessages.id })
        .from(solicitationMessages)
        .where(
          and(eq(solicitationMessages.channel, 'sms'), eq(solicitationMessages.externalId, sid)),
        );
      if (!message) return;
      const at = deps.now();
      const code = params.ErrorCode ? Number(params.ErrorCode) : null;
      const failed = move.to === 'failed';
      const moved = await transition(
        db,
        message.id,
        move.from,
        {
          status: move.to,
          ...(move.to === 'delivered' && { deliveredAt: at }),
          ...(move.to === 'sent' && { sentAt: at }),
          ...(failed && {
            failedAt: at,
            failureReason: `The carrier did not deliver the text (${params.MessageStatus}${code ? `, error ${code}` : ''}).`,
          }),
        },
        { type: move.to, at, detail: { channel: 'sms', sid, ...(code && { errorCode: code }) } },
      );
      if (moved?.changed) {
        deps.changed([
          { id: moved.requestId, companyId: moved.companyId, productId: moved.productId },
        ]);
      }
    },

    /**
     * An inbound text to the agency's shared number: STOP opts that phone out of every
     * company (and cancels unsent messages on every channel for contacts with it), START
     * opts it back in, HELP answers. Returns the reply to send (TwiML), if any.
     */
    async smsInbound(params: Record<string, string>): Promise<string | null> {
      const from = (params.From ?? '').trim();
      const keyword = smsKeyword(params.Body ?? '');
      if (!from || !keyword) return null;
      const at = deps.now();
      if (keyword === 'opt_out') {
        await recordOptOut(db, null, from, 'sms-keyword', (params.Body ?? '').trim(), at);
        // The contacts with this phone: their emails are opted out of their company too.
        const contacts = await db
          .select({ companyId: solicitationContacts.companyId, email: solicitationContacts.email })
          .from(solicitationContacts)
          .where(eq(solicitationContacts.phone, from));
        for (const contact of contacts) {
          if (contact.email) {
            await recordOptOut(db, contact.companyId, contact.email, 'sms-keyword', from, at);
          }
        }
        const requests = await cancelUnsent(db, null, [from], at, { source: 'sms-keyword' });
        deps.changed(await rollUp(db, requests));
        // Twilio answers STOP itself on long codes; a reply of ours would be refused.
        return null;
      }
      if (keyword === 'opt_in') {
        await revokeOptOuts(db, from, at);
        const contacts = await db
          .select({ email: solicitationContacts.email })
          .from(solicitationContacts)
          .where(and(eq(solicitationContacts.phone, from), sql`email is not null`));
        for (const c of contacts) if (c.email) await revokeOptOuts(db, c.email, at, from);
        return null;
      }
      return `${deps.agencyName}: review requests on behalf of local businesses. ${SMS_OPT_OUT_LINE}`;
    },
  };
}

export type Callbacks = ReturnType<typeof createCallbacks>;
