import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, clientMembers, users } from '../../kernel/db/schema';
import { seedDemoAccounts } from '../../platform/identity/demo-accounts';
import { createTestApp, signInCookie, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { EMAIL_TAKEN } from './client-users.service';

let testApp: TestApp;
let app: FastifyInstance;
let logged = '';
const cookies: Record<string, string> = {};
let summit = 0;
let harbor = 0;
const PASSWORD = 'plumbing-pipes-and-drains';

beforeAll(async () => {
  const logs = new PassThrough();
  logs.on('data', (chunk) => {
    logged += String(chunk);
  });
  testApp = await createTestApp({ config: { logLevel: 'trace' }, logStream: logs });
  app = testApp.app;
  await seedDemoAccounts(testApp.database.db);
  const companies = await testApp.database.db.select().from(clientCompanies);
  summit = companies.find((c) => c.label === 'Summit Plumbing')?.id ?? 0;
  harbor = companies.find((c) => c.label === 'Harbor Smiles')?.id ?? 0;
  for (const who of ['client', 'owner', 'employee', 'rookie', 'admin', 'lead']) {
    cookies[who] = await signInCookie(app, `${who}@demo.pinpoint.local`);
  }
});
afterAll(() => app.close());

const insertUser = (who: string | null, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/uni/insertUser',
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: cookies[who] ?? '' } : {}) },
    payload,
  });

const person = (email: string, companyId: number, extra: object = {}) => ({
  email,
  first_name: 'Pat',
  last_name: 'Plumber',
  company_id: companyId,
  ...extra,
});

describe('POST /api/uni/insertUser', () => {
  it('lets an employee add a member to an assigned company, who must activate before signing in', async () => {
    const res = await insertUser('employee', person('Pat@Summit.example', summit));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user: {
        id: expect.any(Number),
        email: 'pat@summit.example',
        first_name: 'Pat',
        last_name: 'Plumber',
      },
      company: { id: summit, name: 'Summit Plumbing & Drain' },
      sign_in: 'activation-email',
      // No SMTP_URL in this app: the invitation is kept in the dev outbox.
      invitation: 'held',
    });
    const [user] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'pat@summit.example'));
    expect(user).toMatchObject({
      perm: false,
      admin: false,
      lead: false,
      passwordHash: null,
      needsActivation: true,
    });
    const links = await testApp.database.db
      .select()
      .from(clientMembers)
      .where(eq(clientMembers.userId, user?.id ?? 0));
    expect(links.map((l) => l.companyId)).toEqual([summit]);

    // Until activated, any password gets the needs-activation answer, never a session.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'pat@summit.example', password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.code).toBe('NEEDS_ACTIVATION');
    expect(login.cookies.some((c) => c.name === 'pinpoint_session' && c.value)).toBe(false);
  });

  it('refuses a typed password: the person chooses it from the email', async () => {
    const res = await insertUser(
      'employee',
      person('typed@summit.example', summit, { password: PASSWORD }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: 'body', message: 'These fields cannot be set here: password.' },
    ]);
    expect(logged).not.toContain(PASSWORD);
  });

  it('refuses an employee a company not assigned to them, and non-staff altogether', async () => {
    const notAssigned = await insertUser('employee', person('x1@harbor.example', harbor));
    expect(notAssigned.statusCode).toBe(403);
    expect(notAssigned.json().reason).toBe('access denied');
    expect((await insertUser('rookie', person('x2@summit.example', summit))).statusCode).toBe(403);
    for (const who of ['client', 'owner', 'lead']) {
      expect((await insertUser(who, person(`x-${who}@summit.example`, summit))).statusCode).toBe(
        403,
      );
    }
    expect((await insertUser(null, person('x3@summit.example', summit))).statusCode).toBe(401);
    const created = await testApp.database.db.select().from(users);
    expect(created.some((u) => u.email.startsWith('x'))).toBe(false);
  });

  it('lets an admin add to any company, and says when the company does not exist', async () => {
    expect((await insertUser('admin', person('ann@harbor.example', harbor))).statusCode).toBe(201);
    const missing = await insertUser('admin', person('nobody@nowhere.example', 999_999));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([
      { path: 'body.company_id', message: 'There is no such client company.' },
    ]);
  });

  it('answers 409 for an email that already has an account, in any case', async () => {
    const res = await insertUser('employee', person('CLIENT@demo.pinpoint.local', summit));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: EMAIL_TAKEN });
  });

  it('checks every field by its own rule', async () => {
    const blank = await insertUser('employee', { email: 'nope', first_name: ' ', company_id: 'x' });
    expect(blank.statusCode).toBe(400);
    expect(
      blank
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.company_id', 'body.email', 'body.first_name', 'body.last_name']);
  });

  it('refuses role flags and other unknown fields instead of storing them', async () => {
    const res = await insertUser(
      'admin',
      person('flags@summit.example', summit, { admin: true, perm: true }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: 'body', message: 'These fields cannot be set here: admin, perm.' },
    ]);
    const [user] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'flags@summit.example'));
    expect(user).toBeUndefined();
  });
});
