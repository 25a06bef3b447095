import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@pinpoint/contracts';
import { type APIRequestContext, request } from '@playwright/test';
import { E2E_PORT } from './ports';

/**
 * One server session per demo account, made once by global setup through the login API,
 * which every test that is not about signing in reuses (docs/browser-tests.md). Only the
 * session cookie is kept: the app's own storage starts empty in each test's context and
 * is filled from the server's session check, as after a reload in a fresh tab.
 *
 * A test that ends its session (Log out, an expired session) signs in through the form
 * instead (`logIn`), so the shared sessions live for the whole run.
 */

export const DEMO_ACCOUNTS = [
  'client@demo.pinpoint.local',
  'owner@demo.pinpoint.local',
  'employee@demo.pinpoint.local',
  'rookie@demo.pinpoint.local',
  'admin@demo.pinpoint.local',
  'lead@demo.pinpoint.local',
] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/** The session cookie as Playwright stores and adds it (a storage state's cookie). */
export type SessionCookie = Awaited<
  ReturnType<APIRequestContext['storageState']>
>['cookies'][number];

/** Where global setup leaves the sessions for the workers (an environment variable). */
const SESSIONS_FILE = 'PINPOINT_E2E_SESSIONS';

/** Signs every demo account in through the API; returns the file the workers read. */
export async function signInDemoAccounts(): Promise<string> {
  const origin = `http://localhost:${E2E_PORT}`;
  const sessions: Record<string, SessionCookie> = {};
  for (const email of DEMO_ACCOUNTS) {
    const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
    try {
      const answer = await api.post('/api/auth/login', {
        data: { email, password: DEMO_PASSWORD },
      });
      const { cookies } = await api.storageState();
      const cookie = cookies.find((c) => c.name === 'pinpoint_session');
      if (!answer.ok() || !cookie) {
        throw new Error(`signing ${email} in answered ${answer.status()}: ${await answer.text()}`);
      }
      sessions[email] = cookie;
    } finally {
      await api.dispose();
    }
  }
  const file = path.join(os.tmpdir(), `pinpoint-e2e-sessions-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(sessions), { mode: 0o600 });
  process.env[SESSIONS_FILE] = file;
  return file;
}

let cached: Record<string, SessionCookie> | undefined;

/** The session cookie global setup made for a demo account. */
export function sessionCookieOf(email: DemoAccount): SessionCookie {
  const file = process.env[SESSIONS_FILE];
  if (!file) throw new Error(`${SESSIONS_FILE} is not set: global setup did not run`);
  cached ??= JSON.parse(readFileSync(file, 'utf8')) as Record<string, SessionCookie>;
  const cookie = cached[email];
  if (!cookie) throw new Error(`global setup made no session for ${email}`);
  return cookie;
}
