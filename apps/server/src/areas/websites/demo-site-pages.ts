import { createHash } from 'node:crypto';

/** What a demo site shows: the business behind it, from the seeded company. */
export interface DemoBusiness {
  slug: string;
  name: string;
  phone: string | null;
  email: string | null;
  address: string;
  category: string | null;
  services: string[];
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1d2430;line-height:1.5}
header{background:#0b5ed7;color:#fff;padding:1.5rem 1rem}header h1{margin:0 0 .25rem}
nav a{color:#fff;margin-right:1rem}main{max-width:48rem;margin:0 auto;padding:1rem}
label{display:block;margin-top:.75rem}input,textarea{width:100%;max-width:32rem;padding:.4rem}
button{margin-top:1rem;padding:.5rem 1rem}footer{color:#5c6570;padding:1rem;text-align:center}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}`;

/** The one inline style, allowed by its hash: the pages carry no script at all. */
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** A strict policy for the demo pages: no scripts, nothing from elsewhere, posts to itself. */
export const DEMO_SITE_CSP = [
  "default-src 'none'",
  `style-src ${STYLE_HASH}`,
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export type DemoPage = 'home' | 'about' | 'contact';

function layout(business: DemoBusiness, title: string, body: string): string {
  const base = `/demo-sites/${encodeURIComponent(business.slug)}`;
  const name = escapeHtml(business.name);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} | ${name}</title>
<style>${STYLE}</style></head>
<body><header><h1>${name}</h1>
${business.category ? `<p>${escapeHtml(business.category)}</p>` : ''}
<nav aria-label="Site"><a href="${base}">Home</a><a href="${base}/about">About</a><a href="${base}/contact">Contact</a></nav>
</header><main>${body}</main>
<footer>${name}${business.phone ? ` · ${escapeHtml(business.phone)}` : ''} · A demo site served by Pinpoint</footer>
</body></html>`;
}

/** One page of a demo site, all values escaped. */
export function renderDemoPage(business: DemoBusiness, page: DemoPage): string {
  const name = escapeHtml(business.name);
  const phone = business.phone ? escapeHtml(business.phone) : null;
  const address = escapeHtml(business.address);
  if (page === 'about') {
    return layout(
      business,
      'About us',
      `<h2>About ${name}</h2>
<p>${name} is a locally owned business serving the neighbourhood${business.category ? ` as a trusted ${escapeHtml(business.category.toLowerCase())}` : ''}.
We answer the phone ourselves, show up when we say we will, and stand behind our work.</p>
<p>Visit us at ${address}.</p>`,
    );
  }
  if (page === 'contact') {
    const action = `/demo-sites/${encodeURIComponent(business.slug)}/contact`;
    return layout(
      business,
      'Contact',
      `<h2>Contact ${name}</h2>
${phone ? `<p>Call us: <a href="tel:${phone}">${phone}</a></p>` : ''}
<p>${address}</p>
<form method="post" action="${action}">
<input type="hidden" name="page" value="/contact">
<div class="hp" aria-hidden="true"><label for="website">Leave this empty</label><input id="website" name="website" tabindex="-1" autocomplete="off"></div>
<label for="name">Your name</label><input id="name" name="name" required maxlength="120" autocomplete="name">
<label for="email">Email</label><input id="email" name="email" type="email" maxlength="200" autocomplete="email">
<label for="phone">Phone</label><input id="phone" name="phone" type="tel" maxlength="40" autocomplete="tel">
<label for="message">How can we help?</label><textarea id="message" name="message" rows="5" required maxlength="2000"></textarea>
<button type="submit">Send</button>
</form>`,
    );
  }
  const services =
    business.services.length > 0
      ? `<h2>Services</h2><ul>${business.services.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`
      : '';
  return layout(
    business,
    'Home',
    `<p><strong>${name}</strong>${phone ? ` · Call <a href="tel:${phone}">${phone}</a>` : ''}</p>
<p>${address}</p>${services}`,
  );
}

/** What a demo site taken down by staff answers, as a real outage would. */
export const DEMO_SITE_DOWN_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>503 Service Unavailable</title></head>
<body><h1>Service Unavailable</h1><p>The site is temporarily down.</p></body></html>`;
