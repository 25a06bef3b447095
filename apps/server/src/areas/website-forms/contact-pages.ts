/** The small pages a demo site's contact form answers with (no script, no inline style). */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title></head>
<body><main>${body}</main></body></html>`;
}

export function thankYouPage(siteBase: string): string {
  return page(
    'Thank you',
    `<h1>Thank you!</h1>
<p role="status">Your message was sent. We will get back to you soon.</p>
<p><a href="${escapeHtml(siteBase)}">Back to the home page</a></p>`,
  );
}

export function formErrorPage(siteBase: string, problems: string[]): string {
  return page(
    'Your message was not sent',
    `<h1>Your message was not sent</h1>
<div role="alert"><p>Please fix the following and send it again:</p>
<ul>${problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></div>
<p><a href="${escapeHtml(siteBase)}/contact">Back to the contact form</a></p>`,
  );
}

export const TOO_MANY_PAGE = page(
  'Too many messages',
  `<h1>Too many messages</h1>
<p role="alert">Several messages were sent from your connection in the last few minutes. Please wait a little and try again, or call us.</p>`,
);

export const NO_SITE_PAGE = page('Not found', '<h1>Not found</h1>');
