/** One email as Pinpoint sends it: both parts always, headers for the list rules. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post…). */
  headers?: Record<string, string>;
  /**
   * The Message-ID, without angle brackets, made from the message's idempotency key so a
   * copy re-sent after a crash carries the same id (receivers drop the duplicate).
   */
  messageId?: string;
  /** What it is for, as the dev outbox lists it ('review-request', 'password-reset'…). */
  purpose: string;
  companyId?: number | null;
}

export type MailResult =
  /** Accepted by the SMTP server (250 to DATA): sent, not yet known to be delivered. */
  | { kind: 'sent'; messageId: string; response: string }
  /** No SMTP_URL: kept in the dev outbox, never sent. */
  | { kind: 'held'; messageId: string; outboxId: number };

/**
 * Where every email goes (DECISIONS "Messages to a client's customers"): the SMTP server
 * SMTP_URL names, or the dev outbox when none is configured. Throws MailError.
 */
export interface MailTransport {
  readonly mode: 'smtp' | 'outbox';
  /** The From every email carries. */
  readonly from: string;
  send(message: MailMessage): Promise<MailResult>;
  close(): Promise<void>;
}

/**
 * A send that failed. `permanent`: the server refused the message or the address (5xx);
 * sending it again would fail again. Otherwise (4xx, a dropped connection, a timeout) a
 * retry with backoff may succeed.
 */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode: number | null = null,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/** The domain half of an address, for Message-IDs (`Pinpoint <a@b.c>` → `b.c`). */
export function mailDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'pinpoint.local';
}
