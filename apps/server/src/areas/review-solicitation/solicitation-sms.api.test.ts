import net from 'node:net';
import { type RunningSmtpPeer, startSmtpPeer } from '@pinpoint/fake-vendors/smtp-peer';
import {
  postSigned,
  type RunningTwilioPeer,
  startTwilioPeer,
  TWILIO_PEER_FROM,
  TWILIO_PEER_SID,
  TWILIO_PEER_TOKEN,
} from '@pinpoint/fake-vendors/twilio-peer';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMessagingConfig } from '../../config/messaging-config';
import { solicitationEvents, solicitationOptOuts } from '../../kernel/db/schema';
import { TwilioError } from '../../providers/sms/twilio-live';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  chicago,
  messagesOf,
  requestRow,
  type SolicitationFixture,
  solicitationFixture,
} from './solicitation.test-setup';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('review requests by SMS through Twilio (fake Twilio, real callbacks)', () => {
  let t: TestApp;
  let twilio: RunningTwilioPeer;
  let smtp: RunningSmtpPeer;
  let f: SolicitationFixture;
  let origin = '';
  const noon = () => chicago('2026-01-15T12:00');

  beforeAll(async () => {
    twilio = await startTwilioPeer({
      refuse: (to) =>
        to === '+15125550111'
          ? { status: 400, code: 21211, message: "The 'To' number is not a valid phone number." }
          : to === '+15125550112'
            ? { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' }
            : to === '+15125550113'
              ? { status: 503, code: 20503, message: 'Service unavailable' }
              : null,
    });
    smtp = await startSmtpPeer();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      config: {
        publicUrl: origin,
        messaging: parseMessagingConfig({
          SMTP_URL: smtp.url,
          SMS_PROVIDER: 'twilio',
          TWILIO_ACCOUNT_SID: TWILIO_PEER_SID,
          TWILIO_AUTH_TOKEN: TWILIO_PEER_TOKEN,
          TWILIO_FROM: TWILIO_PEER_FROM,
          TWILIO_API_URL: twilio.base,
        }),
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    f = await solicitationFixture(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
    await twilio?.close();
    await smtp?.close();
  });

  it('the live adapter: sends, and tells permanent refusals from retryable ones', async () => {
    const sent = await t.app.sms.send({
      to: '+15125550100',
      body: 'hello',
      idempotencyKey: 'k1',
      purpose: 'test',
    });
    expect(sent).toMatchObject({ kind: 'sent', status: 'queued' });
    expect(twilio.texts.at(-1)).toMatchObject({ to: '+15125550100', from: TWILIO_PEER_FROM });
    const refusal = (to: string) =>
      t.app.sms.send({ to, body: 'x', idempotencyKey: to, purpose: 'test' }).catch((e) => e);
    const invalid = await refusal('+15125550111');
    expect(invalid).toBeInstanceOf(TwilioError);
    expect(invalid).toMatchObject({ twilioCode: 21211, retryable: false, status: 400 });
    expect(await refusal('+15125550113')).toMatchObject({ retryable: true, status: 503 });
  });

  it('sends a text with the review link, then status callbacks move it sent → delivered', async () => {
    const clock = t.app.areas['review-solicitation'].solicitation.withClock(noon);
    const { created } = await clock.createRequests(
      f.input([{ firstName: 'Ann', lastName: 'Lee', phone: '(512) 555-0123' }], {
        sendType: 'sms',
      }),
    );
    const requestId = created[0]?.requestId ?? 0;
    const [message] = await messagesOf(t.app, requestId);
    expect(message?.toAddress).toBe('+15125550123');
    expect(await clock.sendNow(message?.id ?? 0)).toBe('sent');
    const text = await twilio.waitFor('+15125550123');
    const token = (await requestRow(t.app, requestId))?.token;
    expect(text.body).toContain(`${origin}/r/${token}`);
    expect(text.body).toMatch(/Reply STOP to opt out\.$/);
    expect(text.statusCallback).toBe(`${origin}/api/sms/twilio/status`);
    // The fake marks a text 'delivered' once our server has answered that callback, so by
    // then the request must show it.
    await twilio.waitFor('+15125550123', (x) => x.sid === text.sid && x.status === 'delivered');
    expect((await requestRow(t.app, requestId))?.status).toBe('delivered');
    expect(twilio.callbacks.filter((c) => c.code !== 200)).toEqual([]);
    const [after] = await messagesOf(t.app, requestId);
    expect(after).toMatchObject({ status: 'delivered', externalId: text.sid });
    expect(after?.deliveredAt).toBeInstanceOf(Date);

    // A late "sent" never moves it back; a forged callback is refused.
    const url = `${origin}/api/sms/twilio/status`;
    const late = { MessageSid: text.sid, MessageStatus: 'sent' };
    expect((await postSigned(url, TWILIO_PEER_TOKEN, late)).status).toBe(200);
    expect((await messagesOf(t.app, requestId))[0]?.status).toBe('delivered');
    const forged = await postSigned(url, 'not-the-token', {
      MessageSid: text.sid,
      MessageStatus: 'failed',
    });
    expect(forged.status).toBe(403);
    const unsigned = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `MessageSid=${text.sid}&MessageStatus=failed`,
    });
    expect(unsigned.status).toBe(403);
    expect((await messagesOf(t.app, requestId))[0]?.status).toBe('delivered');
  });

  it('STOP by text: opted out of every company, unsent messages cancelled on every channel', async () => {
    const phone = '+15125550144';
    const later = t.app.areas['review-solicitation'].solicitation.withClock(() =>
      chicago('2026-01-15T22:30'),
    );
    const { created } = await later.createRequests(
      f.input([{ firstName: 'Bea', lastName: 'Cruz', phone, email: 'bea@example.com' }], {
        sendType: 'both',
      }),
    );
    const requestId = created[0]?.requestId ?? 0;
    expect((await messagesOf(t.app, requestId)).map((m) => m.status)).toEqual([
      'scheduled',
      'scheduled',
    ]);
    const inbound = `${origin}/api/sms/twilio/inbound`;
    const stop = await twilio.inbound(inbound, { from: phone, body: '  stop ' });
    expect(stop.status).toBe(200);
    expect(stop.body).toContain('<Response>');
    const messages = await messagesOf(t.app, requestId);
    expect(messages.map((m) => m.status)).toEqual(['opted_out', 'opted_out']);
    expect((await requestRow(t.app, requestId))?.status).toBe('opted_out');
    const [optOut] = await t.app.database.db
      .select()
      .from(solicitationOptOuts)
      .where(and(eq(solicitationOptOuts.address, phone), isNull(solicitationOptOuts.companyId)));
    expect(optOut).toMatchObject({ source: 'sms-keyword', revokedAt: null });
    // A job that runs anyway sends nothing, and no later request is made, by any channel.
    for (const m of messages) expect(await later.sendNow(m.id)).toBe('skipped');
    const again = await t.app.areas['review-solicitation'].solicitation
      .withClock(() => chicago('2026-03-20T12:00'))
      .createRequests(
        f.input([{ firstName: 'Bea', lastName: 'Cruz', email: 'bea@example.com' }], {
          sendType: 'email',
        }),
      );
    expect(again.refused.map((r) => r.code)).toEqual(['opted_out']);
    const other = await solicitationFixture(t.app);
    const elsewhere = await t.app.areas['review-solicitation'].solicitation.createRequests(
      other.input([{ firstName: 'Bea', phone }], { sendType: 'sms' }),
    );
    expect(elsewhere.refused.map((r) => r.code)).toEqual(['opted_out']);
    expect(twilio.texts.some((x) => x.to === phone)).toBe(false);
    expect(smtp.mails.some((m) => m.to.includes('bea@example.com'))).toBe(false);

    // HELP answers with the agency and the opt-out line; START opts back in.
    const help = await twilio.inbound(inbound, { from: phone, body: 'help' });
    expect(help.body).toMatch(/<Message>.*Reply STOP to opt out\.<\/Message>/);
    await twilio.inbound(inbound, { from: phone, body: 'START' });
    const back = await t.app.areas['review-solicitation'].solicitation
      .withClock(() => chicago('2026-03-20T12:00'))
      .createRequests(other.input([{ firstName: 'Bea', phone }], { sendType: 'sms' }));
    expect(back.created).toHaveLength(1);
    const badSignature = await postSigned(
      inbound,
      TWILIO_PEER_TOKEN,
      { From: phone, Body: 'STOP' },
      'AAAA',
    );
    expect(badSignature.status).toBe(403);
  });

  it('an invalid number fails for good; an unsubscribed one (21610) is recorded as opted out', async () => {
    const clock = t.app.areas['review-solicitation'].solicitation.withClock(noon);
    const { created } = await clock.createRequests(
      f.input(
        [
          { firstName: 'Ivy', phone: '+15125550111' },
          { firstName: 'Uma', phone: '+15125550112' },
          { firstName: 'Tim', phone: '+15125550113' },
        ],
        { sendType: 'sms' },
      ),
    );
    const [invalid, unsubscribed, down] = await Promise.all(
      created.map(async (c) => (await messagesOf(t.app, c.requestId))[0]),
    );
    expect(await clock.sendNow(invalid?.id ?? 0)).toBe('failed');
    expect((await messagesOf(t.app, invalid?.requestId ?? 0))[0]?.failureReason).toMatch(/21211/);
    expect(await clock.sendNow(unsubscribed?.id ?? 0)).toBe('opted_out');
    const recorded = await t.app.database.db
      .select()
      .from(solicitationOptOuts)
      .where(eq(solicitationOptOuts.address, '+15125550112'));
    expect(recorded).toHaveLength(1);
    await expect(clock.sendNow(down?.id ?? 0)).rejects.toThrow(/503/);
    expect((await messagesOf(t.app, down?.requestId ?? 0))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
    });
    const events = await t.app.database.db
      .select()
      .from(solicitationEvents)
      .where(eq(solicitationEvents.requestId, down?.requestId ?? 0));
    expect(events.map((e) => e.type)).toEqual(['created', 'retrying']);
  });
});
