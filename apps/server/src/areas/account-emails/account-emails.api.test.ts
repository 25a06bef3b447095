import { PassThrough } from 'node:stream';
import { DEMO_PASSWORD, FORGOT_PASSWORD_ANSWER } from '@pinpoint/contracts';
import {
  type CaughtMail,
  type RunningSmtpPeer,
  startSmtpPeer,
} from '@pinpoint/fake-vendors/smtp-peer';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, clientCompanies, devOutbox, users } from '../../kernel/db/schema';
import { seedDemoAccounts } from '../../platform/identity/demo-accounts';
import {
  createTestApp,
  signInCookie,
  TEST_ORIGIN,
  type TestApp,
  testConfig,
} from '../../test/test-app';

let peer: RunningSmtpPeer;
let testApp: TestApp;
let app: FastifyInstance;
let logged = '';
let summit = 0;
const cookies: Record<string, string> = {};
const NEW_PASSWORD = 'copper-fittings-and-valves';
const tokensSeen: string[] = [];

beforeAll(async () => {
  peer = await startSmtpPeer();
  const logs = new PassThrough();
  logs.on('data', (chunk) => {
    logged += String(chunk);
  });
  const base = testConfig().messaging;
  testApp = await createTestApp({
    config: {
      logLevel: 'trace',
      messaging: { ...base, mail: { ...base.mail, smtpUrl: peer.url, timeoutMs: 5000 } },
    },
    logStream: logs,
  });
  app = testApp.app;
  await seedDemoAccounts(testApp.database.db);
  const companies = await testApp.database.db.select().from(clientCompanies);
  summit = companies.find((c) => c.label === 'Summit Plumbing')?.id ?? 0;
  for (const who of ['employee', 'rookie', 'admin', 'client']) {
    cookies[who] = await signInCookie(app, `${who}@demo.pinpoint.local`);
  }
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

let nextIp = 1;
/** Each call from its own address unless one is given: the per-address throttle stays out of the way. */
const post = (url: string, payload: object, cookie?: string, ip?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
    remoteAddress: ip ?? `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`,
  });

/** The token of the link to `page` in a caught email (text part), remembered for the log check. */
function tokenIn(mail: CaughtMail, page: string): string {
  const match = new RegExp(`http://localhost${page}\\?token=([A-Za-z0-9_.-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${page} link in: ${mail.text}`);
  tokensSeen.push(match[1]);
  return match[1];
}

const mailsTo = (address: string) => peer.mails.filter((m) => m.to.includes(address));

async function invite(email: string) {
  const res = await post(
    '/api/uni/insertUser',
    { email, first_name: 'Ivy', last_name: 'Invited', company_id: summit },
    cookies.employee,
  );
  expect(res.statusCode).toBe(201);
  return res.json() as { user: { id: number }; invitation: string };
}

const checkLink = (token: string, purpose: 'activation' | 'reset') =>
  app.inject({
    method: 'GET',
    url: `/api/auth/account-link?token=${encodeURIComponent(token)}&purpose=${purpose}`,
  });

describe('invitation and activation', () => {
  it('emails an activation link (both parts) that sets the first password once', async () => {
    const created = await invite('ivy@summit.example');
    expect(created.invitation).toBe('sent');
    const mail = await peer.waitFor('ivy@summit.example');
    expect(mail.subject).toBe('Activate your Pinpoint account');
    expect(mail.text).toContain('Summit Plumbing & Drain');
    const token = tokenIn(mail, '/activate');
    expect(mail.html).toContain(`href="http://localhost/activate?token=${token}"`);

    expect((await checkLink(token, 'activation')).json()).toEqual({
      status: 'valid',
      purpose: 'activation',
      email: 'ivy@summit.example',
      first_name: 'Ivy',
    });
    // An activation token is not a reset token.
    expect((await checkLink(token, 'reset')).json().status).toBe('invalid');

    const weak = await post('/api/auth/activate', { token, password: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details[0].path).toBe('body.password');

    const done = await post('/api/auth/activate', { token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true, email: 'ivy@summit.example' });
    const [user] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ivy@summit.example'));
    expect(user?.needsActivation).toBe(false);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);

    const login = await post('/api/auth/login', {
      email: 'ivy@summit.example',
      password: NEW_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().session.client.client_id).toBe(summit);

    const again = await post('/api/auth/activate', { token, password: 'another-long-password' });
    expect(again.statusCode).toBe(410);
    expect((await checkLink(token, 'activation')).json().status).toBe('used');
  });

  it('lets exactly one of two simultaneous uses of a link win', async () => {
    await invite('race@summit.example');
    const token = tokenIn(await peer.waitFor('race@summit.example'), '/activate');
    const [a, b] = await Promise.all([
      post('/api/auth/activate', { token, password: 'first-copper-password' }),
      post('/api/auth/activate', { token, password: 'second-copper-password' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 410]);
  });

  it('refuses an expired link and a forged one before looking it up', async () => {
    const { user } = await invite('late@summit.example');
    const token = tokenIn(await peer.waitFor('late@summit.example'), '/activate');
    await testApp.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user.id));
    expect((await checkLink(token, 'activation')).json().status).toBe('expired');
    const expired = await post('/api/auth/activate', { token, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('LINK_EXPIRED');

    const [random = ''] = token.split('.');
    const forged = `${random}.${'A'.repeat(42)}E`;
    const refused = await post('/api/auth/activate', { token: forged, password: NEW_PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('LINK_INVALID');
  });

  it('lets staff resend an invitation, which replaces the old link', async () => {
    const { user } = await invite('again@summit.example');
    const first = tokenIn(await peer.waitFor('again@summit.example'), '/activate');
    // The rookie is assigned no company: the user is "not found" for them.
    const rookie = await post(`/api/uni/insertUser/${user.id}/resend`, {}, cookies.rookie);
    expect(rookie.statusCode).toBe(404);
    const client = await post(`/api/uni/insertUser/${user.id}/resend`, {}, cookies.client);
    expect(client.statusCode).toBe(403);
    const res = await post(`/api/uni/insertUser/${user.id}/resend`, {}, cookies.employee);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'again@summit.example', invitation: 'sent' });
    await peer.waitFor('again@summit.example', () => mailsTo('again@summit.example').length === 2);
    const second = tokenIn(mailsTo('again@summit.example')[1] as CaughtMail, '/activate');
    expect(second).not.toBe(first);
    expect((await checkLink(first, 'activation')).json().status).toBe('used');
    expect((await checkLink(second, 'activation')).json().status).toBe('valid');
  });
});

describe('forgot password', () => {
  it('gives the same answer for an unknown email and emails a reset link to a known one', async () => {
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@nowhere.example' });
    const known = await post('/api/auth/forgot-password', { email: 'Owner@Demo.Pinpoint.Local' });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(FORGOT_PASSWORD_ANSWER);
    const mail = await peer.waitFor('owner@demo.pinpoint.local');
    expect(mail.subject).toBe('Reset your Pinpoint password');
    expect(mail.html).toContain('/reset-password?token=');
    tokenIn(mail, '/reset-password');
    await app.areas['account-emails'].accountEmails.drain();
    expect(mailsTo('ghost@nowhere.example')).toEqual([]);
  });

  it('throttles per email and per address like sign-in, whether or not the account exists', async () => {
    for (const email of ['rookie@demo.pinpoint.local', 'nobody@nowhere.example']) {
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) {
        answers.push((await post('/api/auth/forgot-password', { email })).statusCode);
      }
      expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
    }
    const fromOneAddress: number[] = [];
    for (let i = 0; i < 6; i++) {
      const email = `someone-${i}@nowhere.example`;
      const res = await post('/api/auth/forgot-password', { email }, undefined, '192.0.2.7');
      fromOneAddress.push(res.statusCode);
    }
    expect(fromOneAddress).toEqual([202, 202, 202, 202, 202, 429]);
    await app.areas['account-emails'].accountEmails.drain();
  });

  it('resets the password, ends every session and spends the other reset links', async () => {
    const email = 'client@demo.pinpoint.local';
    const other = await signInCookie(app, email);
    const requests = [
      await post('/api/auth/forgot-password', { email }, undefined),
      await post('/api/auth/forgot-password', { email }, undefined),
    ];
    expect(requests.map((r) => r.statusCode)).toEqual([202, 202]);
    await peer.waitFor(email, () => mailsTo(email).length === 2);
    const [older, newer] = mailsTo(email).map((m) => tokenIn(m, '/reset-password'));

    const session = (cookie: string | undefined) =>
      app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: cookie ?? '' } });
    expect((await session(other)).statusCode).toBe(200);
    expect((await session(cookies.client)).statusCode).toBe(200);

    const done = await post('/api/auth/reset-password', { token: newer, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect((await session(other)).statusCode).toBe(401);
    expect((await session(cookies.client)).statusCode).toBe(401);

    const stale = await post('/api/auth/reset-password', {
      token: older,
      password: 'yet-another-password',
    });
    expect(stale.statusCode).toBe(410);
    const oldPassword = await post('/api/auth/login', { email, password: DEMO_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('sends a new activation link to an invited user who lost the invitation', async () => {
    await invite('lost@summit.example');
    await peer.waitFor('lost@summit.example');
    expect(
      (await post('/api/auth/forgot-password', { email: 'lost@summit.example' })).statusCode,
    ).toBe(202);
    await peer.waitFor('lost@summit.example', () => mailsTo('lost@summit.example').length === 2);
    const [, second] = mailsTo('lost@summit.example');
    expect(second?.subject).toBe('Activate your Pinpoint account');
    tokenIn(second as CaughtMail, '/activate');
  });
});

describe('secrets', () => {
  it('never logs a token nor keeps one anywhere but as a hash', async () => {
    await app.areas['account-emails'].accountEmails.drain();
    expect(tokensSeen.length).toBeGreaterThan(5);
    for (const token of tokensSeen) {
      expect(logged).not.toContain(token.split('.')[0]);
      expect(logged).not.toContain(token.split('.')[1]);
    }
    expect(logged).not.toContain(NEW_PASSWORD);
    // SMTP is configured: nothing was kept in the dev outbox.
    expect(await testApp.database.db.select().from(devOutbox)).toEqual([]);
  });
});
