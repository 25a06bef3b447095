import type { SocialPopupMessage } from '@pinpoint/contracts';

/**
 * The page the provider sends the popup back to. The CSP allows no inline script, so
 * the result travels as JSON data and `/social-callback.js` (a file of the web app) posts
 * it to the opener, with our own origin as the explicit target, and closes the popup.
 */
export function callbackPage(message: SocialPopupMessage): string {
  // `<` escaped so no value can close the data element.
  const data = JSON.stringify(message).replace(/</g, '\\u003c');
  const text =
    message.status === 'error' ? message.message : 'Signing you in… You can close this window.';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pinpoint sign-in</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"></head>
<body>
<p id="pinpoint-social-text">${text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>
<script id="pinpoint-social-result" type="application/json">${data}</script>
<script src="/social-callback.js"></script>
</body>
</html>`;
}
