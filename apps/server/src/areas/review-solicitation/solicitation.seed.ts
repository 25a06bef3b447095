import { localDateTimeToInstant, type SendType } from '@pinpoint/contracts';
import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import {
  clientCompanies,
  clientMembers,
  reviews,
  solicitationContacts,
  solicitationEvents,
  solicitationMessages,
  solicitationOptOuts,
  solicitationRequests,
  solicitationTemplates,
} from '../../kernel/db/schema';
import type { Random } from '../../kernel/demo/random';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { DAY_MS, insertChunked, type SeedContext } from '../../kernel/demo/seed-context';
import { ensureDefaultTemplates } from './default-templates';

/** The products whose company has a Google profile to ask reviews for (Q&A is Google's). */
const GOOGLE_PROFILE = new Set([
  'google-business-pro',
  'local-marketing-essentials',
  'tow-marketing-essentials',
  'google-calls-advisor',
]);
const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Priya', 'Kevin', 'Sofia', 'Daniel', 'Grace'];
const LAST = ['Nguyen', 'Garcia', 'Patel', 'Kim', 'Brooks', 'Rivera', 'Hughes', 'Silva', 'Young'];
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const MINUTE = 60_000;
const SMS_FAILURE = 'Twilio error 30006: landline or unreachable carrier.';
const EMAIL_FAILURE = '550 5.1.1 The mailbox does not exist.';

type Outcome = 'delivered' | 'failed' | 'opted_out' | 'clicked' | 'reviewed';
type MessageRow = typeof solicitationMessages.$inferInsert;
type EventRow = typeof solicitationEvents.$inferInsert;

interface Plan {
  contact: typeof solicitationContacts.$inferInsert;
  request: Omit<typeof solicitationRequests.$inferInsert, 'contactId'>;
  /** Rows that need the request's id (and the message's, for events). */
  messages: Omit<MessageRow, 'requestId' | 'idempotencyKey'>[];
  events: (Omit<EventRow, 'requestId'> & { channel?: string })[];
  optOut?: string;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

/** One request's life as the sender would have written it, all of it in the past. */
function planRequest(
  random: Random,
  company: { id: number; timeZone: string },
  productId: number,
  templateId: number | null,
  createdBy: number | null,
  contact: Plan['contact'],
  created: Date,
  outcome: Outcome,
  review: { id: number; at: Date } | null,
): Plan {
  const sendType: SendType =
    outcome === 'opted_out' ? 'sms' : random.pick(['sms', 'sms', 'email', 'both'] as const);
  const channels = sendType === 'both' ? (['sms', 'email'] as const) : ([sendType] as const);
  const sentAt = new Date(created.getTime() + random.int(1, 3) * MINUTE);
  const messages: Plan['messages'] = [];
  const events: Plan['events'] = [
    {
      type: 'created',
      at: created,
      detail: { sendType, sendAfter: created.toISOString(), consentSource: 'form', by: createdBy },
    },
  ];
  for (const channel of channels) {
    const to = (channel === 'sms' ? contact.phone : contact.email) ?? '';
    const base = { companyId: company.id, channel, toAddress: to, sendAfter: created, attempts: 1 };
    const externalId =
      channel === 'sms'
        ? `SM${random.chars(32, '0123456789abcdef')}`
        : `seed-${random.chars(12)}@pinpoint.local`;
    if (outcome === 'failed') {
      const failureReason = channel === 'sms' ? SMS_FAILURE : EMAIL_FAILURE;
      messages.push({
        ...base,
        status: 'failed',
        failureReason,
        failedAt: sentAt,
        claimedAt: created,
      });
      events.push({
        type: 'failed',
        at: sentAt,
        detail: { channel, reason: failureReason, attempt: 1 },
      });
    } else if (outcome === 'opted_out') {
      // The carrier answered that this number had texted STOP (Twilio 21610).
      const failureReason = 'The customer opted out.';
      messages.push({ ...base, status: 'opted_out', failureReason, claimedAt: created });
      events.push({ type: 'opted_out', at: sentAt, detail: { channel, code: 21610 } });
    } else {
      const delivered =
        channel === 'sms' ? new Date(sentAt.getTime() + random.int(5, 40) * 1000) : null;
      messages.push({
        ...base,
        status: delivered ? 'delivered' : 'sent',
        externalId,
        sentAt,
        deliveredAt: delivered,
        claimedAt: created,
      });
      events.push({ type: 'sent', at: sentAt, detail: { channel, externalId } });
      if (delivered) events.push({ type: 'delivered', at: delivered, detail: { channel } });
    }
  }
  let clickedAt: Date | null = null;
  let reviewedAt: Date | null = null;
  if (outcome === 'clicked' || outcome === 'reviewed') {
    clickedAt = review
      ? new Date(review.at.getTime() - random.int(5, 90) * MINUTE)
      : new Date(sentAt.getTime() + random.int(10, 48 * 60) * MINUTE);
    events.push({ type: 'clicked', at: clickedAt, detail: {} });
  }
  if (outcome === 'reviewed' && review) {
    reviewedAt = review.at;
    events.push({ type: 'reviewed', at: review.at, detail: { reviewId: review.id } });
  }
  const status =
    outcome === 'delivered' ? (channels.includes('sms' as never) ? 'delivered' : 'sent') : outcome;
  return {
    contact,
    request: {
      companyId: company.id,
      productId,
      templateId,
      sendType,
      status,
      token: random.chars(22, TOKEN_ALPHABET),
      scheduledFor: created,
      consentAt: created,
      consentSource: 'form',
      createdBy,
      clickedAt,
      reviewedAt,
      reviewId: outcome === 'reviewed' ? (review?.id ?? null) : null,
      createdAt: created,
      updatedAt: reviewedAt ?? clickedAt ?? sentAt,
    },
    messages,
    events,
    ...(outcome === 'opted_out' && contact.phone ? { optOut: contact.phone } : {}),
  };
}

/**
 * Review solicitation's demo: for each company with a Google profile product, a dozen or so
 * requests over the last ~90 days, each to a different customer (so never one contact twice
 * in 30 days), made during sending hours in the company's zone, with their messages and
 * timelines: delivered, sent, clicked, reviewed (matched to a real seeded review by its
 * author's name), failed and opted out. All of it finished in the past: nothing is left
 * scheduled or queued, so no seeded request is ever sent by the running server.
 */
export async function seedSolicitation(ctx: SeedContext, products: SeededProduct[]) {
  const { tx, anchor } = ctx;
  const random = ctx.random.fork('review-solicitation');
  await ensureDefaultTemplates(tx);
  const [template] = await tx
    .select({ id: solicitationTemplates.id })
    .from(solicitationTemplates)
    .where(and(isNull(solicitationTemplates.companyId), eq(solicitationTemplates.isDefault, true)))
    .orderBy(solicitationTemplates.id)
    .limit(1);
  const productOf = new Map<number, number>();
  for (const p of products) {
    if (p.status === 'active' && GOOGLE_PROFILE.has(p.slug) && !productOf.has(p.companyId))
      productOf.set(p.companyId, p.id);
  }
  const companyIds = [...productOf.keys()];
  if (companyIds.length === 0) return;
  const companies = await tx
    .select({ id: clientCompanies.id, timeZone: clientCompanies.timeZone })
    .from(clientCompanies)
    .where(inArray(clientCompanies.id, companyIds));
  const members = await tx
    .select({ companyId: clientMembers.companyId, userId: clientMembers.userId })
    .from(clientMembers)
    .where(inArray(clientMembers.companyId, companyIds));
  const memberOf = new Map(members.map((m) => [m.companyId, m.userId]));
  const recentReviews = await tx
    .select({
      id: reviews.id,
      companyId: reviews.companyId,
      name: reviews.reviewerName,
      at: reviews.publishedAt,
    })
    .from(reviews)
    .where(
      and(
        inArray(reviews.companyId, companyIds),
        eq(reviews.source, 'google'),
        gte(reviews.publishedAt, new Date(anchor.getTime() - 80 * DAY_MS)),
        lt(reviews.publishedAt, new Date(anchor.getTime() - DAY_MS)),
      ),
    );

  const plans: Plan[] = [];
  for (const company of companies) {
    const productId = productOf.get(company.id) ?? 0;
    const createdBy = memberOf.get(company.id) ?? null;
    const at = (daysAgo: number) =>
      localDateTimeToInstant(
        `${dayOf(new Date(anchor.getTime() - daysAgo * DAY_MS))}T${pad(random.int(9, 19))}:${pad(random.int(0, 59))}`,
        company.timeZone,
      );
    let serial = 0;
    const contactOf = (first: string, last: string): Plan['contact'] => {
      serial++;
      return {
        companyId: company.id,
        firstName: first,
        lastName: last,
        // 555-0100…0199 are the fictional numbers; one company never repeats one.
        phone: `+1512555${String(100 + serial).padStart(4, '0')}`,
        email: `${first}.${last}.${serial}@example.com`.toLowerCase(),
        timeZone: company.timeZone,
        createdAt: new Date(0),
      };
    };
    const add = (plan: Plan) => {
      plan.contact.createdAt = plan.request.createdAt as Date;
      plans.push(plan);
    };
    // A few real reviews came from a request: their authors were asked days before.
    const own = recentReviews.filter((r) => r.companyId === company.id && r.name.includes(' '));
    for (const review of random.sample(own, Math.min(own.length, random.int(1, 3)))) {
      const [first = 'Sam', ...rest] = review.name.trim().split(/\s+/);
      // Two to five days before the review, whatever the zone's offset.
      const created = at(
        Math.floor((anchor.getTime() - review.at.getTime()) / DAY_MS) + random.int(2, 5),
      );
      add(
        planRequest(
          random,
          company,
          productId,
          template?.id ?? null,
          createdBy,
          contactOf(first, rest.join(' ')),
          created,
          'reviewed',
          review,
        ),
      );
    }
    const count = random.int(7, 14);
    for (let i = 0; i < count; i++) {
      const roll = random.float();
      const outcome: Outcome =
        roll < 0.22 ? 'clicked' : roll < 0.34 ? 'failed' : roll < 0.42 ? 'opted_out' : 'delivered';
      add(
        planRequest(
          random,
          company,
          productId,
          template?.id ?? null,
          createdBy,
          contactOf(random.pick(FIRST), random.pick(LAST)),
          at(random.int(1, 88)),
          outcome,
          null,
        ),
      );
    }
  }

  const contacts = await tx
    .insert(solicitationContacts)
    .values(plans.map((p) => p.contact))
    .returning({ id: solicitationContacts.id });
  const requests = await tx
    .insert(solicitationRequests)
    .values(plans.map((p, i) => ({ ...p.request, contactId: contacts[i]?.id ?? 0 })))
    .returning({ id: solicitationRequests.id });
  const messageRows: MessageRow[] = [];
  const eventRows: EventRow[] = [];
  const optOuts: (typeof solicitationOptOuts.$inferInsert)[] = [];
  plans.forEach((plan, i) => {
    const requestId = requests[i]?.id ?? 0;
    for (const m of plan.messages) {
      messageRows.push({ ...m, requestId, idempotencyKey: `request:${requestId}:${m.channel}` });
    }
    for (const e of plan.events) eventRows.push({ ...e, requestId });
    if (plan.optOut) {
      optOuts.push({
        companyId: plan.request.companyId,
        address: plan.optOut,
        source: 'sms-keyword',
        detail: 'twilio 21610',
        createdAt: plan.request.createdAt as Date,
      });
    }
  });
  await insertChunked(messageRows, (chunk) => tx.insert(solicitationMessages).values(chunk));
  await insertChunked(eventRows, (chunk) => tx.insert(solicitationEvents).values(chunk));
  if (optOuts.length) await tx.insert(solicitationOptOuts).values(optOuts);
}
