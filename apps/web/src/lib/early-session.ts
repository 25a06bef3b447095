declare global {
  interface Window {
    /** Set by `public/session-early.js`: the session check sent before the app loaded. */
    __pinpointEarlySession?: Promise<Response | null>;
  }
}

/**
 * The answer of the session check that `public/session-early.js` started while the app's
 * scripts downloaded, once: the first session check of the page takes it, any later one
 * asks the server again (the session may have changed since). Null when none was sent or
 * it could not reach the server.
 */
export function takeEarlySession(): Promise<Response | null> | null {
  const early = window.__pinpointEarlySession ?? null;
  window.__pinpointEarlySession = undefined;
  return early;
}
