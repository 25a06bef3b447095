// Runs in the social sign-in popup (see the server's callback-page.ts): hands the result to
// the Pinpoint page that opened the popup, on our own origin only. The opener closes the
// popup once it has the message; if it cannot, the popup closes itself a little later.
(() => {
  const element = document.getElementById('pinpoint-social-result');
  const result = element ? JSON.parse(element.textContent || '{}') : null;
  if (result && window.opener && !window.opener.closed) {
    window.opener.postMessage(result, window.location.origin);
    window.setTimeout(() => window.close(), 3000);
  } else if (result && result.status === 'signed-in') {
    window.location.replace('/dashboard');
  }
})();
