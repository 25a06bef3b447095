// Starts the session check while the app's scripts download, on a cold load of a signed-in
// area (an address opened in a fresh tab, storage cleared): otherwise the check waits for
// the whole entry script and its route chunks, and every figure on the page waits for it
// (Lighthouse on phones, docs/changelog.md, issue 22). The app takes the answer once, through
// `lib/early-session.ts`, and reads it as the gateway client reads any answer. With a
// stored descriptor the app needs no check, so nothing is sent. The request is the one the
// gateway client sends for GET /api/auth/session; an external file because the
// Content-Security-Policy allows no inline script.
(() => {
  if (!/^\/(dashboard|trial)(\/|$)/.test(location.pathname)) return;
  try {
    if (localStorage.getItem('session')) return;
  } catch {
    return;
  }
  window.__pinpointEarlySession = fetch('/database/request', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({
      method: 'GET',
      url: '/api/auth/session',
      data: { origin: location.origin },
    }),
  }).catch(() => null);
})();
