import { z } from 'zod';
import { VendorConfigError } from './vendor-config';

/**
 * How Pinpoint sends email and texts (DECISIONS "Messages to a client's customers").
 * Email: SMTP_URL (smtp:// or smtps://, credentials in the URL); unset, every email is kept
 * in the dev outbox. SMS: SMS_PROVIDER demo (default; kept in the dev outbox, never
 * delivered) or twilio (Messages API with the account's SID and auth token).
 */
export interface MessagingConfig {
  mail: {
    /** Null: no transport; emails land in the dev outbox, marked as not sent. */
    smtpUrl: string | null;
    /** The From of every email: `Name <address>`. */
    from: string;
    timeoutMs: number;
  };
  sms: {
    mode: 'demo' | 'twilio';
    accountSid?: string;
    authToken?: string;
    /** The agency's sending number (E.164), or a Messaging Service SID (MG…). */
    from?: string;
    /** Another address for Twilio's API (a local fake in tests). Unset: api.twilio.com. */
    apiUrl: string;
    timeoutMs: number;
  };
}

export const TWILIO_DEFAULT_API_URL = 'https://api.twilio.com';
export const MESSAGING_SECRETS = new Set(['SMTP_URL', 'TWILIO_AUTH_TOKEN']);

const schema = z.object({
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Pinpoint <no-reply@pinpoint.local>'),
  MAIL_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  SMS_PROVIDER: z.enum(['demo', 'twilio'], { message: 'must be demo or twilio' }).default('demo'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID (AC followed by 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      'must be an E.164 number or a Messaging Service SID',
    )
    .optional(),
  TWILIO_API_URL: z.url({ protocol: /^https?$/ }).default(TWILIO_DEFAULT_API_URL),
  TWILIO_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});

/** Reads the mail and SMS settings; every problem is reported at once, secrets never echoed. */
export function parseMessagingConfig(env: NodeJS.ProcessEnv): MessagingConfig {
  const set = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
  const parsed = schema.safeParse(set);
  if (!parsed.success) {
    throw new VendorConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const given = set[name];
        const shown = given === undefined || MESSAGING_SECRETS.has(name) ? '' : ` (got "${given}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  if (
    e.SMS_PROVIDER === 'twilio' &&
    !(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM)
  ) {
    throw new VendorConfigError([
      'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    ]);
  }
  return {
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, timeoutMs: e.MAIL_TIMEOUT_MS },
    sms: {
      mode: e.SMS_PROVIDER,
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.TWILIO_FROM,
      apiUrl: e.TWILIO_API_URL,
      timeoutMs: e.TWILIO_TIMEOUT_MS,
    },
  };
}
