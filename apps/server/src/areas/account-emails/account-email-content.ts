/**
 * The words of the two account emails, as plain text and as simple HTML (both parts are
 * always sent: DECISIONS "Messages to a client's customers"). Names are escaped; the
 * link is ours (linkOrigin), never taken from the request.
 */
export interface AccountEmailContent {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const paragraph = (text: string, style = 'margin:0 0 16px') =>
  `<p style="${style}">${escapeHtml(text)}</p>`;

function layout(
  lines: { greeting: string; body: string; button: string; after: string[] },
  link: string,
): string {
  const href = escapeHtml(link);
  return [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#212529;line-height:1.5">',
    paragraph(lines.greeting),
    paragraph(lines.body),
    `<p style="margin:0 0 24px"><a href="${href}" style="background:#0d6efd;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(lines.button)}</a></p>`,
    paragraph(
      `Or paste this address into your browser: ${link}`,
      'margin:0 0 16px;font-size:13px;color:#6c757d',
    ),
    ...lines.after.map((p) => paragraph(p)),
    '</body></html>',
  ].join('\n');
}

export function activationEmail(input: {
  firstName: string;
  companyName: string | null;
  link: string;
}): AccountEmailContent {
  const greeting = `Hello ${input.firstName},`;
  const body = input.companyName
    ? `You have been given a Pinpoint account for ${input.companyName}. Choose your password to activate it.`
    : 'You have been given a Pinpoint account. Choose your password to activate it.';
  const after = [
    'The link works for 7 days and only once. If it has expired, ask your agency for a new invitation, or use "Forgot password?" on the sign-in page.',
    'If you did not expect this email, you can ignore it.',
  ];
  return {
    subject: 'Activate your Pinpoint account',
    text: [greeting, '', body, '', input.link, '', ...after.flatMap((p) => [p, ''])].join('\n'),
    html: layout({ greeting, body, button: 'Choose my password', after }, input.link),
  };
}

export function resetEmail(input: { firstName: string; link: string }): AccountEmailContent {
  const greeting = `Hello ${input.firstName},`;
  const body =
    'Someone asked to reset the password of your Pinpoint account. Choose a new one here:';
  const after = [
    'The link works for 1 hour and only once. Choosing a new password signs you out everywhere else.',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ];
  return {
    subject: 'Reset your Pinpoint password',
    text: [greeting, '', body, '', input.link, '', ...after.flatMap((p) => [p, ''])].join('\n'),
    html: layout({ greeting, body, button: 'Choose a new password', after }, input.link),
  };
}
