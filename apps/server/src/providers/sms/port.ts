/** One text message to one phone (E.164). */
export interface SmsMessage {
  to: string;
  body: string;
  /** Our idempotency key; the live adapter keeps it for its records, the demo in the outbox. */
  idempotencyKey: string;
  /** Where the vendor reports delivery (absolute URL), when there is one. */
  statusCallbackUrl?: string;
  purpose: string;
  companyId?: number | null;
}

export type SmsResult =
  /** Accepted by the vendor; delivery comes later by status callback. */
  | { kind: 'sent'; externalId: string; status: string }
  /** The demo provider: kept in the dev outbox, never sent, never delivered. */
  | { kind: 'held'; externalId: string; outboxId: number };

/** Texts through the SMS vendor (SMS_PROVIDER). Throws VendorError on failure. */
export interface SmsProvider {
  readonly mode: 'demo' | 'twilio';
  send(message: SmsMessage): Promise<SmsResult>;
}
