import { DEMO_PASSWORD, socialPopupMessageSchema } from '@pinpoint/contracts';
import { type RunningOauth2Peer, startOauth2Peer } from '@pinpoint/fake-vendors/oauth2-peer';
import { type RunningPeer, startOidcPeer } from '@pinpoint/fake-vendors/oidc-peer';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts, users } from '../../../kernel/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import { seedDemoAccounts } from '../demo-accounts';

const client = { clientId: 'pinpoint', clientSecret: 'peer-secret' };
const CALLBACK = (provider: string) => `http://localhost/api/auth/social/${provider}/callback`;

let facebook: RunningOauth2Peer;
let google: RunningPeer;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  facebook = await startOauth2Peer({ ...client, redirectUris: [CALLBACK('facebook')] });
  google = await startOidcPeer({ ...client, redirectUris: [CALLBACK('google')] });
  testApp = await createTestApp({
    config: {
      social: {
        google: { issuer: google.issuer, ...client },
        facebook: {
          authorizeUrl: facebook.authorizeUrl,
          tokenUrl: facebook.tokenUrl,
          profileUrl: facebook.profileUrl,
          ...client,
        },
      },
    },
  });
  app = testApp.app;
  await seedDemoAccounts(testApp.database.db);
});
afterAll(async () => {
  await app.close();
  await facebook.close();
  await google.close();
});

/** Plays the browser through the Facebook-style popup: start, the dialog, the callback. */
async function facebookSignIn(email: string, opts: { dropStateCookie?: boolean } = {}) {
  const start = await app.inject({ method: 'GET', url: '/api/auth/social/facebook/start' });
  expect(start.statusCode).toBe(302);
  const stateCookie = start.cookies.find((c) => c.name === 'pinpoint_oauth_state');
  const dialog = new URL(start.headers.location as string);
  const form = new URLSearchParams(dialog.searchParams);
  form.set('email', email);
  form.set('name', 'Pat Tester');
  const approved = await fetch(`${facebook.base}/v19.0/dialog/oauth/approve`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = new URL(approved.headers.get('location') ?? '');
  const callback = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: opts.dropStateCookie ? {} : { cookie: `pinpoint_oauth_state=${stateCookie?.value}` },
  });
  expect(callback.headers['content-type']).toContain('text/html');
  const json = /<script id="pinpoint-social-result" type="application\/json">(.*?)<\/script>/s.exec(
    callback.body,
  )?.[1];
  const message = socialPopupMessageSchema.parse(JSON.parse(json ?? 'null'));
  const session = callback.cookies.find((c) => c.name === 'pinpoint_session');
  return { message, dialog, cookie: session?.value ? `pinpoint_session=${session.value}` : null };
}

describe('social sign-in', () => {
  it('lists only configured providers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: true, facebook: true });
  });

  it('sends the popup to the OpenID provider with code flow, PKCE, state and nonce', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/social/google/start' });
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string);
    expect(to.origin).toBe(google.issuer);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK('google'));
    for (const p of ['state', 'nonce', 'code_challenge'])
      expect(to.searchParams.get(p)?.length).toBeGreaterThan(20);
  });

  it('creates a trial lead for a new person, and signs the same person in again later', async () => {
    const first = await facebookSignIn('new.person@example.test');
    expect(first.message).toMatchObject({ status: 'signed-in', provider: 'facebook' });
    expect(first.dialog.searchParams.get('scope')).toBe('email public_profile');
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: first.cookie ?? '' },
    });
    expect(me.json().user).toMatchObject({
      email: 'new.person@example.test',
      lead: true,
      auth_type: 'facebook',
    });

    const again = await facebookSignIn('new.person@example.test');
    expect(again.message.status).toBe('signed-in');
    const people = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'new.person@example.test'));
    expect(people).toHaveLength(1);
  });

  it('asks an existing account to confirm its password before linking', async () => {
    const { message, cookie } = await facebookSignIn('client@demo.pinpoint.local');
    expect(message.status).toBe('link-required');
    expect(cookie).toBeNull();
    if (message.status !== 'link-required') return;
    const link = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/social/link',
        headers: { origin: TEST_ORIGIN },
        payload: { linkToken: message.linkToken, password },
      });
    expect((await link('not-the-password')).statusCode).toBe(401);
    // A failed confirmation spends the link request: the token works once.
    expect((await link(DEMO_PASSWORD)).statusCode).toBe(400);

    const retry = await facebookSignIn('client@demo.pinpoint.local');
    if (retry.message.status !== 'link-required') throw new Error('expected link-required');
    const linked = await app.inject({
      method: 'POST',
      url: '/api/auth/social/link',
      headers: { origin: TEST_ORIGIN },
      payload: { linkToken: retry.message.linkToken, password: DEMO_PASSWORD },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().user).toMatchObject({
      email: 'client@demo.pinpoint.local',
      auth_type: 'facebook',
    });

    const direct = await facebookSignIn('client@demo.pinpoint.local');
    expect(direct.message.status).toBe('signed-in');
    const links = await testApp.database.db
      .select()
      .from(socialAccounts)
      .where(
        and(
          eq(socialAccounts.provider, 'facebook'),
          eq(socialAccounts.email, 'client@demo.pinpoint.local'),
        ),
      );
    expect(links).toHaveLength(1);
  });

  it('refuses a callback whose state this browser did not start', async () => {
    const { message, cookie } = await facebookSignIn('someone@example.test', {
      dropStateCookie: true,
    });
    expect(message.status).toBe('error');
    expect(cookie).toBeNull();
  });

  it('signs out of one provider only: the other and the password session stay', async () => {
    const { cookie } = await facebookSignIn('new.person@example.test');
    const signOut = (provider: string, c: string) =>
      app.inject({
        method: 'POST',
        url: `/api/auth/social/${provider}/logout`,
        headers: { origin: TEST_ORIGIN, cookie: c, 'content-type': 'application/json' },
        payload: {},
      });
    const session = (c: string) =>
      app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: c } });

    expect((await signOut('google', cookie ?? '')).json()).toEqual({ ok: true, signedOut: false });
    expect((await session(cookie ?? '')).statusCode).toBe(200);
    expect((await signOut('facebook', cookie ?? '')).json()).toEqual({ ok: true, signedOut: true });
    expect((await session(cookie ?? '')).statusCode).toBe(401);

    const password = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'owner@demo.pinpoint.local', password: DEMO_PASSWORD },
    });
    const passwordCookie = `pinpoint_session=${password.cookies.find((c) => c.name === 'pinpoint_session')?.value}`;
    expect((await signOut('facebook', passwordCookie)).json().signedOut).toBe(false);
    expect((await session(passwordCookie)).statusCode).toBe(200);
  });
});
