import { renderTemplate, type TemplateValues } from '@pinpoint/contracts';
import { signLink } from '../../kernel/lib/signed-link';
import type { MailMessage } from '../../providers/mail/port';

/** Unsubscribe links keep working for years: an old email must still opt its reader out. */
const UNSUBSCRIBE_LINK_DAYS = 5 * 365;
export const SMS_OPT_OUT_LINE = 'Reply STOP to opt out.';

export interface ComposeContext {
  /** linkOrigin(app, PUBLIC_URL): never the request's Host. */
  origin: string;
  linkSecret: Buffer;
  /** The domain of our Message-IDs (the From's). */
  mailDomain: string;
  now: Date;
}

export interface ComposeSubject {
  requestId: number;
  token: string;
  business: string;
  firstName: string;
  lastName: string;
  template: { smsBody: string; emailSubject: string; emailBody: string };
}

/** The same link for every customer: our redirect, then the company's Google review form. */
export const reviewLinkOf = (origin: string, token: string) => `${origin}/r/${token}`;

export function unsubscribeToken(ctx: ComposeContext, requestId: number): string {
  const expires = new Date(ctx.now.getTime() + UNSUBSCRIBE_LINK_DAYS * 86_400_000);
  return signLink(ctx.linkSecret, 'unsubscribe', requestId, expires);
}

function valuesOf(ctx: ComposeContext, s: ComposeSubject): TemplateValues {
  return {
    first_name: s.firstName,
    last_name: s.lastName,
    business: s.business,
    review_link: reviewLinkOf(ctx.origin, s.token),
  };
}

/** The text: the template, and the opt-out line carriers expect unless it says so already. */
export function composeSms(ctx: ComposeContext, s: ComposeSubject): string {
  const body = renderTemplate(s.template.smsBody, valuesOf(ctx, s)).trim();
  return /reply\s+stop/i.test(body) ? body : `${body}\n${SMS_OPT_OUT_LINE}`;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The Message-ID of a request's email: from its idempotency key, so a resend is the same. */
export const emailMessageId = (requestId: number, domain: string) =>
  `request-${requestId}-email@${domain}`;

/**
 * The email: subject, text and HTML parts (the body's paragraphs escaped, a review button),
 * RFC 8058 one-click unsubscribe headers and a visible unsubscribe link in both parts.
 */
export function composeEmail(
  ctx: ComposeContext,
  s: ComposeSubject,
  to: string,
  companyId: number,
): MailMessage {
  const values = valuesOf(ctx, s);
  const token = unsubscribeToken(ctx, s.requestId);
  const oneClick = `${ctx.origin}/api/public/unsubscribe/${token}`;
  const page = `${ctx.origin}/unsubscribe/${token}`;
  const body = renderTemplate(s.template.emailBody, values).trim();
  const subject = renderTemplate(s.template.emailSubject, values).replace(/\s+/g, ' ').trim();
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const link = escapeHtml(values.review_link);
  const html = `<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
${paragraphs}
<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#1a73e8;color:#fff;border-radius:6px;text-decoration:none">Leave a review</a></p>
<p style="font-size:12px;color:#6b7280">You received this because you were a customer of ${escapeHtml(s.business)}. <a href="${escapeHtml(page)}">Unsubscribe</a></p>
</body></html>`;
  const text = `${body}\n\nLeave a review: ${values.review_link}\n\n--\nYou received this because you were a customer of ${s.business}.\nUnsubscribe: ${page}\n`;
  return {
    to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: emailMessageId(s.requestId, ctx.mailDomain),
    purpose: 'review-request',
    companyId,
  };
}
