import type { MessagingConfig } from '../../config/messaging-config';
import type { Db } from '../../kernel/db/database';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import type { SmsProvider } from '../../providers/sms/port';
import { createSmsDemo } from '../../providers/sms/sms-demo';
import { createTwilioLive } from '../../providers/sms/twilio-live';

/** The SMS provider SMS_PROVIDER names: demo (dev outbox) or twilio (the Messages API). */
export function createSmsProvider(
  config: MessagingConfig['sms'],
  deps: { db: Db; recordCall?: RecordProviderCall },
): SmsProvider {
  if (config.mode === 'twilio') {
    // parseMessagingConfig refuses twilio without these three.
    if (!(config.accountSid && config.authToken && config.from)) {
      throw new Error(
        'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
      );
    }
    return createTwilioLive({
      apiUrl: config.apiUrl,
      accountSid: config.accountSid,
      authToken: config.authToken,
      from: config.from,
      timeoutMs: config.timeoutMs,
      recordCall: deps.recordCall ?? (async () => {}),
    });
  }
  return createSmsDemo({ db: deps.db, from: config.from });
}
