import { type RunningSmtpPeer, startSmtpPeer } from '@pinpoint/fake-vendors/smtp-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailError, type MailTransport } from './port';
import { createSmtpMail } from './smtp-mail';

let peer: RunningSmtpPeer;
let mail: MailTransport;

beforeAll(async () => {
  peer = await startSmtpPeer({
    reject: (to) =>
      to.includes('nobody@bad.example') ? { code: 550, message: 'No such user' } : null,
  });
  mail = createSmtpMail({
    url: peer.url,
    from: 'Pinpoint <no-reply@pinpoint.test>',
    timeoutMs: 5000,
  });
});
afterAll(async () => {
  await mail.close();
  await peer.close();
});

describe('email through SMTP', () => {
  it('arrives with both parts, our Message-ID and our headers', async () => {
    const result = await mail.send({
      to: 'Ann@Example.com',
      subject: 'Hello',
      text: 'Plain part',
      html: '<p>HTML part</p>',
      headers: { 'List-Unsubscribe': '<https://x.test/u/1>' },
      messageId: 'request-1-email@pinpoint.test',
      purpose: 'test',
    });
    expect(result).toMatchObject({ kind: 'sent', messageId: 'request-1-email@pinpoint.test' });
    const caught = await peer.waitFor('ann@example.com');
    expect(caught.text.trim()).toBe('Plain part');
    expect(caught.html).toContain('<p>HTML part</p>');
    expect(caught.messageId).toBe('request-1-email@pinpoint.test');
    expect(caught.headers['list-unsubscribe']).toBe('<https://x.test/u/1>');
    expect(caught.from).toBe('no-reply@pinpoint.test');
  });

  it('reports a 5xx refusal as permanent', async () => {
    const error = await mail
      .send({ to: 'nobody@bad.example', subject: 'x', text: 'x', html: 'x', purpose: 'test' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as MailError).permanent).toBe(true);
    expect((error as MailError).responseCode).toBe(550);
  });

  it('reports an unreachable server as worth retrying', async () => {
    const down = createSmtpMail({ url: 'smtp://127.0.0.1:1', from: 'a@b.test', timeoutMs: 2000 });
    const error = await down
      .send({ to: 'x@y.test', subject: 'x', text: 'x', html: 'x', purpose: 'test' })
      .catch((e: unknown) => e);
    await down.close();
    expect(error).toBeInstanceOf(MailError);
    expect((error as MailError).permanent).toBe(false);
  });
});
