import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, devOutbox } from '../../kernel/db/schema';
import { seedDemoAccounts } from '../../platform/identity/demo-accounts';
import { createTestApp, signInCookie, TEST_ORIGIN, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let summit = 0;
let harbor = 0;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  // No SMTP_URL: every email lands in the dev outbox.
  testApp = await createTestApp();
  app = testApp.app;
  await seedDemoAccounts(testApp.database.db);
  const companies = await testApp.database.db.select().from(clientCompanies);
  summit = companies.find((c) => c.label === 'Summit Plumbing')?.id ?? 0;
  harbor = companies.find((c) => c.label === 'Harbor Smiles')?.id ?? 0;
  for (const who of ['employee', 'rookie', 'admin', 'client']) {
    cookies[who] = await signInCookie(app, `${who}@demo.pinpoint.local`);
  }
  const invite = (email: string, companyId: number) =>
    app.inject({
      method: 'POST',
      url: '/api/uni/insertUser',
      headers: { origin: TEST_ORIGIN, cookie: cookies.admin },
      payload: { email, first_name: 'Olive', last_name: 'Outbox', company_id: companyId },
    });
  expect((await invite('olive@summit.example', summit)).json().invitation).toBe('held');
  expect((await invite('hank@harbor.example', harbor)).json().invitation).toBe('held');
  await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { origin: TEST_ORIGIN },
    payload: { email: 'owner@demo.pinpoint.local' },
  });
  await app.areas['account-emails'].accountEmails.drain();
  await testApp.database.db.insert(devOutbox).values({
    channel: 'sms',
    purpose: 'review-request',
    companyId: summit,
    toAddress: '+15125550100',
    fromAddress: '+15125550199',
    text: 'Hi Sam, thanks for choosing Summit!\nLeave us a review: https://x.test/r/1',
  });
});
afterAll(() => app.close());

const get = (url: string, who: string | null) =>
  app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who] ?? '' } : {} });

describe('dev outbox', () => {
  it('lists every kept message to admins, newest first, all marked as not sent', async () => {
    const res = await get('/api/uni/system/outbox', 'admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sent).toBe(false);
    expect(body.total).toBe(4);
    expect(body.items.map((i: { purpose: string }) => i.purpose)).toEqual([
      'review-request',
      'password-reset',
      'account-activation',
      'account-activation',
    ]);
    expect(body.items.every((i: { sent: boolean }) => i.sent === false)).toBe(true);
    expect(body.items[0].summary).toBe('Hi Sam, thanks for choosing Summit!');
    expect(body.purposes).toEqual(['account-activation', 'password-reset', 'review-request']);
  });

  it('filters by channel and purpose, searches by address, and pages', async () => {
    const sms = (await get('/api/uni/system/outbox?channel=sms', 'admin')).json();
    expect(sms.items.map((i: { to: string }) => i.to)).toEqual(['+15125550100']);
    const resets = (await get('/api/uni/system/outbox?purpose=password-reset', 'admin')).json();
    expect(resets.items.map((i: { to: string }) => i.to)).toEqual(['owner@demo.pinpoint.local']);
    const search = (await get('/api/uni/system/outbox?q=HARBOR', 'admin')).json();
    expect(search.items.map((i: { to: string }) => i.to)).toEqual(['hank@harbor.example']);
    const wild = (await get('/api/uni/system/outbox?q=%25', 'admin')).json();
    expect(wild.total).toBe(0);
    const page2 = (await get('/api/uni/system/outbox?page=2&pageSize=3', 'admin')).json();
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.items).toHaveLength(1);
  });

  it('shows employees only the messages of their companies, and nobody else anything', async () => {
    const employee = (await get('/api/uni/system/outbox', 'employee')).json();
    expect(employee.items.map((i: { to: string }) => i.to).sort()).toEqual([
      '+15125550100',
      'olive@summit.example',
    ]);
    const rookie = (await get('/api/uni/system/outbox', 'rookie')).json();
    expect(rookie.total).toBe(0);
    expect((await get('/api/uni/system/outbox', 'client')).statusCode).toBe(403);
    expect((await get('/api/uni/system/outbox', null)).statusCode).toBe(401);

    const all = (await get('/api/uni/system/outbox', 'admin')).json();
    const reset = all.items.find((i: { purpose: string }) => i.purpose === 'password-reset');
    // A reset link is a live credential: admins only.
    expect((await get(`/api/uni/system/outbox/${reset.id}`, 'employee')).statusCode).toBe(404);
    expect((await get(`/api/uni/system/outbox/${reset.id}`, 'client')).statusCode).toBe(403);
  });

  it('opens one message with both parts, and its activation link works', async () => {
    const list = (await get('/api/uni/system/outbox?q=olive', 'employee')).json();
    const res = await get(`/api/uni/system/outbox/${list.items[0].id}`, 'employee');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const message = res.json();
    expect(message).toMatchObject({ sent: false, subject: 'Activate your Pinpoint account' });
    expect(message.html).toContain('<a href="http://localhost/activate?token=');
    expect(message.headers['Message-ID']).toMatch(/^<.+>$/);
    const token = /\/activate\?token=([A-Za-z0-9_.-]+)/.exec(message.text)?.[1] ?? '';
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/activate',
      headers: { origin: TEST_ORIGIN },
      payload: { token, password: 'outbox-links-work-too' },
    });
    expect(done.statusCode).toBe(200);
    expect((await get('/api/uni/system/outbox/999999', 'admin')).statusCode).toBe(404);
  });
});
