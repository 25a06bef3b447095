import { randomBytes } from 'node:crypto';
import type {
  RefusalCode,
  SendType,
  SolicitationChannel,
  SolicitationContact,
  SolicitationCreated,
} from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { badRequest } from '../../kernel/lib/app-error';
import {
  type ContactRow,
  chunks,
  companyOf,
  completeContact,
  contactsByAddress,
  insertContacts,
  insertEvents,
  insertMessages,
  insertRequests,
  lockCompany,
  type NewEvent,
  type NewMessage,
  type NewRequest,
  optedOutAddresses,
  requestsNear,
  usableTemplate,
} from './solicitation.repository';
import { intoSendingHours, REPEAT_WINDOW_MS, recentMessage } from './solicitation-rules';

/** What a new batch of requests needs; contacts are already normalised (E.164, lower-case). */
export interface CreateRequestsInput {
  principal: Principal;
  companyId: number;
  productId: number;
  templateId: number;
  sendType: SendType;
  /** Null: now. */
  scheduledFor: Date | null;
  consentSource: 'form' | 'csv';
  batchId?: number | null;
  contacts: SolicitationContact[];
}

export type Refusal = SolicitationCreated['refused'][number];

/** The sending side of review solicitation, shared by the form, the CSV batch and tests. */
export interface SolicitationService {
  /**
   * Records the requests (contact, consent, one message per channel with its idempotency
   * key) and queues their sends; refuses opted-out contacts and those asked in the last 30
   * days, one refusal per contact, never a half-written request.
   *
   * A new contact takes the company's time zone (the form and the CSV carry none); the
   * sending hours are those of that zone. An existing contact keeps its own.
   */
  createRequests(input: CreateRequestsInput): Promise<SolicitationCreated>;
  /**
   * The same rules without writing anything (a CSV preview flags rows with them): the
   * refusals createRequests would answer now for these contacts, by index.
   */
  screenContacts(
    companyId: number,
    contacts: SolicitationContact[],
    scheduledFor?: Date | null,
  ): Promise<Refusal[]>;
}

export interface SolicitationDeps {
  db: Db;
  /** The clock (tests move it). */
  now: () => Date;
  /** Queues one send job per message, each not before its time. */
  queueSends(messages: { id: number; sendAfter: Date }[]): Promise<void>;
  /** Tells the company's open pages these requests changed. */
  announce(companyId: number, productId: number, requestIds: number[]): void;
}

const channelsOf = (sendType: SendType): SolicitationChannel[] =>
  sendType === 'both' ? ['sms', 'email'] : [sendType];

const fullName = (c: SolicitationContact) => `${c.firstName} ${c.lastName}`.trim();

/** A review-link token: 128 random bits, URL-safe, never derived from an id. */
const newToken = () => randomBytes(16).toString('base64url');

interface Candidate {
  index: number;
  contact: SolicitationContact;
}

/** Duplicates within one call: the same phone or email as an earlier contact. */
function splitDuplicates(contacts: SolicitationContact[]) {
  const phones = new Set<string>();
  const emails = new Set<string>();
  const candidates: Candidate[] = [];
  const refused: Refusal[] = [];
  contacts.forEach((contact, index) => {
    const twice =
      (contact.phone && phones.has(contact.phone)) || (contact.email && emails.has(contact.email));
    if (twice) {
      refused.push({
        index,
        code: 'duplicate',
        message: `${fullName(contact)} is already in this list (same phone or email).`,
      });
      return;
    }
    if (contact.phone) phones.add(contact.phone);
    if (contact.email) emails.add(contact.email);
    candidates.push({ index, contact });
  });
  return { candidates, refused };
}

/** What the rules say about each candidate, read inside the caller's transaction. */
async function screen(
  db: Db,
  companyId: number,
  timeZone: string,
  candidates: Candidate[],
  at: Date,
  now: Date,
) {
  const phones = candidates.flatMap((c) => (c.contact.phone ? [c.contact.phone] : []));
  const emails = candidates.flatMap((c) => (c.contact.email ? [c.contact.email] : []));
  const known = await contactsByAddress(db, companyId, phones, emails);
  const byPhone = new Map(known.filter((c) => c.phone).map((c) => [c.phone as string, c]));
  const byEmail = new Map(known.filter((c) => c.email).map((c) => [c.email as string, c]));
  const optedOut = await optedOutAddresses(db, companyId, [...phones, ...emails]);
  const near = await requestsNear(
    db,
    [...new Set(known.map((c) => c.id))],
    new Date(at.getTime() - REPEAT_WINDOW_MS),
    new Date(at.getTime() + REPEAT_WINDOW_MS),
  );
  const verdicts = candidates.map((candidate) => {
    const { phone, email } = candidate.contact;
    const matches = [phone && byPhone.get(phone), email && byEmail.get(email)].filter(
      (c): c is ContactRow => Boolean(c),
    );
    const existing = matches[0] ?? null;
    let refusal: Refusal | null = null;
    if ((phone && optedOut.has(phone)) || (email && optedOut.has(email))) {
      refusal = {
        index: candidate.index,
        code: 'opted_out' satisfies RefusalCode,
        message: `${fullName(candidate.contact)} opted out of messages from this business.`,
      };
    } else {
      const askedAt = matches
        .map((c) => near.get(c.id))
        .filter((d): d is Date => Boolean(d))
        .sort((a, b) => b.getTime() - a.getTime())[0];
      if (askedAt) {
        refusal = {
          index: candidate.index,
          code: 'recent',
          message: recentMessage(fullName(candidate.contact), askedAt, timeZone, now),
        };
      }
    }
    return { candidate, existing, refusal };
  });
  const taken = (kind: 'phone' | 'email', value: string) =>
    (kind === 'phone' ? byPhone : byEmail).has(value);
  return { verdicts, taken };
}

export function createSolicitationService(deps: SolicitationDeps): SolicitationService {
  const { db } = deps;
  const hoursOf = (at: Date, zone: string) => intoSendingHours(at, zone);

  async function loadCompany(companyId: number) {
    const company = await companyOf(db, companyId);
    if (!company) throw badRequest('This company does not exist.');
    return company;
  }

  return {
    async screenContacts(companyId, contacts, scheduledFor = null) {
      const company = await loadCompany(companyId);
      const now = deps.now();
      const { candidates, refused } = splitDuplicates(contacts);
      const { verdicts } = await screen(
        db,
        companyId,
        company.timeZone,
        candidates,
        scheduledFor ?? now,
        now,
      );
      return [...refused, ...verdicts.flatMap((v) => (v.refusal ? [v.refusal] : []))].sort(
        (a, b) => a.index - b.index,
      );
    },

    async createRequests(input) {
      const company = await loadCompany(input.companyId);
      if (!company.googlePlaceId) {
        throw badRequest(
          `${company.name} has no Google Business Profile place id yet, so there is no review link to send. Add it in the client's settings first.`,
        );
      }
      const template = await usableTemplate(db, input.templateId, input.companyId);
      if (!template) {
        throw badRequest('Choose one of this company’s templates.', [
          { path: 'body.templateId', message: 'Choose one of this company’s templates.' },
        ]);
      }
      const channels = channelsOf(input.sendType);
      // The form's schema says so already; a CSV batch or another caller must too.
      const missing = input.contacts.flatMap((contact, index) =>
        channels
          .filter((channel) => !(channel === 'sms' ? contact.phone : contact.email))
          .map((channel) => ({
            path: `body.contacts.${index}.${channel === 'sms' ? 'phone' : 'email'}`,
            message:
              channel === 'sms'
                ? 'Enter a phone number to send an SMS.'
                : 'Enter an email to send an email.',
          })),
      );
      if (missing.length) throw badRequest('Some customers lack a phone or an email.', missing);
      const now = deps.now();
      const at = input.scheduledFor ?? now;
      const { candidates, refused } = splitDuplicates(input.contacts);
      const created: SolicitationCreated['created'] = [];

      // One transaction per chunk: every contact's rows commit together or not at all, and a
      // 10,000-row CSV is twenty multi-row statements per table rather than 50,000 round trips.
      for (const part of chunks(candidates)) {
        const queued = await db.transaction(async (tx) => {
          const txDb = tx as unknown as Db;
          await lockCompany(txDb, input.companyId);
          const { verdicts, taken } = await screen(
            txDb,
            input.companyId,
            company.timeZone,
            part,
            at,
            now,
          );
          const accepted = verdicts.filter((v) => {
            if (v.refusal) refused.push(v.refusal);
            return !v.refusal;
          });
          const fresh = accepted.filter((v) => !v.existing);
          const inserted = await insertContacts(
            txDb,
            fresh.map(({ candidate: { contact } }) => ({
              companyId: input.companyId,
              firstName: contact.firstName,
              lastName: contact.lastName,
              phone: contact.phone,
              email: contact.email,
              timeZone: contact.timeZone ?? company.timeZone,
            })),
          );
          const contacts = new Map<number, ContactRow>();
          fresh.forEach((v, i) => {
            const row = inserted[i];
            if (row) contacts.set(v.candidate.index, row);
          });
          for (const v of accepted) {
            if (!v.existing) continue;
            const current = await completeContact(
              txDb,
              v.existing,
              v.candidate.contact.phone,
              v.candidate.contact.email,
              taken,
              v.candidate.contact.timeZone,
            );
            contacts.set(v.candidate.index, current);
          }

          const requestRows: NewRequest[] = accepted.map((v) => {
            const contact = contacts.get(v.candidate.index) as ContactRow;
            const first = hoursOf(at, contact.timeZone);
            return {
              companyId: input.companyId,
              productId: input.productId,
              contactId: contact.id,
              templateId: template.id,
              batchId: input.batchId ?? null,
              sendType: input.sendType,
              status: first.getTime() > now.getTime() ? 'scheduled' : 'queued',
              token: newToken(),
              scheduledFor: at,
              consentAt: now,
              consentSource: input.consentSource,
              createdBy: input.principal.userId,
              createdAt: now,
              updatedAt: now,
            };
          });
          const requests = await insertRequests(txDb, requestRows);
          const messageRows: NewMessage[] = [];
          const events: NewEvent[] = [];
          accepted.forEach((v, i) => {
            const request = requests[i];
            const contact = contacts.get(v.candidate.index) as ContactRow;
            if (!request) return;
            created.push({ index: v.candidate.index, requestId: request.id });
            const sendAfter = hoursOf(at, contact.timeZone);
            for (const channel of channels) {
              messageRows.push({
                requestId: request.id,
                companyId: input.companyId,
                channel,
                idempotencyKey: `request:${request.id}:${channel}`,
                toAddress:
                  (channel === 'sms' ? v.candidate.contact.phone : v.candidate.contact.email) ?? '',
                status: sendAfter.getTime() > now.getTime() ? 'scheduled' : 'queued',
                sendAfter,
              });
            }
            events.push({
              requestId: request.id,
              type: 'created',
              at: now,
              detail: {
                sendType: input.sendType,
                sendAfter: sendAfter.toISOString(),
                consentSource: input.consentSource,
                by: input.principal.userId,
              },
            });
          });
          const messages = await insertMessages(txDb, messageRows);
          await insertEvents(txDb, events);
          return messages;
        });
        // After the commit: a job never looks for a row that is not there yet. A crash in
        // between leaves rows with no job, which the tick queues (solicitation-send.ts).
        await deps.queueSends(queued);
      }
      if (created.length) {
        deps.announce(
          input.companyId,
          input.productId,
          created.slice(-500).map((c) => c.requestId),
        );
      }
      refused.sort((a, b) => a.index - b.index);
      created.sort((a, b) => a.index - b.index);
      return { created, refused };
    },
  };
}
