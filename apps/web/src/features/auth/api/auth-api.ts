import {
  type AuthResponse,
  authResponseSchema,
  type LoginRequest,
  okResponseSchema,
  type SignupRequest,
  type SocialLinkRequest,
  type SocialProviderName,
  socialLogoutResponseSchema,
  socialProvidersResponseSchema,
} from '@pinpoint/contracts';
import { apiRequest, readAnswer } from '../../../lib/api-client';
import { takeEarlySession } from '../../../lib/early-session';
import { realtime } from '../../../lib/realtime';
import { sessionStore } from '../../../lib/session-store';

/** Signs in and keeps the (encrypted) descriptor for navigation. */
export async function login(input: LoginRequest): Promise<AuthResponse> {
  const auth = await apiRequest('POST', '/api/auth/login', authResponseSchema, input);
  await sessionStore.save(auth);
  return auth;
}

/** Creates a trial lead (SPEC §7 `/api/freemium/create`) and signs it in. */
export async function signup(input: SignupRequest): Promise<AuthResponse> {
  const auth = await apiRequest('POST', '/api/freemium/create', authResponseSchema, input);
  await sessionStore.save(auth);
  return auth;
}

let sessionCheck: Promise<AuthResponse | null> | null = null;

/**
 * The server's view of the current session, or null when there is none. Checks asked for
 * while one is on its way share it (the area's check and a page's own role check run side
 * by side); the first of the page takes the answer `public/session-early.js` asked for.
 */
export function fetchCurrentSession(): Promise<AuthResponse | null> {
  sessionCheck ??= askSession().finally(() => {
    sessionCheck = null;
  });
  return sessionCheck;
}

async function askSession(): Promise<AuthResponse | null> {
  try {
    const early = await takeEarlySession();
    const auth = early
      ? await readAnswer(early, authResponseSchema)
      : await apiRequest('GET', '/api/auth/session', authResponseSchema);
    await sessionStore.save(auth);
    return auth;
  } catch {
    return null;
  }
}

/** Ends the server session and clears all local storage, even if the server is unreachable. */
export async function logout(): Promise<void> {
  await realtime.disconnect();
  try {
    await apiRequest('POST', '/api/auth/logout', okResponseSchema);
  } finally {
    await sessionStore.clear();
  }
}

/** Which social providers are configured (the others' buttons stay hidden). */
export function fetchSocialProviders() {
  return apiRequest('GET', '/api/auth/providers', socialProvidersResponseSchema);
}

/** Links a waiting social identity by confirming the account's password, and signs in. */
export async function confirmSocialLink(input: SocialLinkRequest): Promise<AuthResponse> {
  const auth = await apiRequest('POST', '/api/auth/social/link', authResponseSchema, input);
  await sessionStore.save(auth);
  return auth;
}

/**
 * Signs out of one provider. The session ends only if that provider opened it; a
 * password session or the other provider's is left alone.
 */
export async function socialLogout(provider: SocialProviderName): Promise<boolean> {
  // As for logout: the socket is closed first, so its handshake cannot reach the server
  // after the session has ended. It opens again if the session goes on.
  await realtime.disconnect();
  let signedOut = false;
  try {
    ({ signedOut } = await apiRequest(
      'POST',
      `/api/auth/social/${provider}/logout`,
      socialLogoutResponseSchema,
    ));
  } finally {
    if (signedOut) await sessionStore.clear();
    else realtime.connect();
  }
  return signedOut;
}
