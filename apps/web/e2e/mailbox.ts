import { expect } from '@playwright/test';
import { E2E_PEERS } from './ports';

/** A message caught by the browser tests' SMTP server (see global-setup.ts). */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

const inbox = `http://127.0.0.1:${E2E_PEERS.smtpInboxPort}`;

export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${inbox}/mails?to=${encodeURIComponent(address)}`);
  return (await res.json()) as CaughtMail[];
}

/** Waits (polling the inbox) for a message to `address` that `match` accepts. */
export async function waitForMail(
  address: string,
  match: (mail: CaughtMail) => boolean = () => true,
): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter(match).at(-1);
        return Boolean(found);
      },
      { message: `an email to ${address}` },
    )
    .toBe(true);
  return found as CaughtMail;
}

/** The first link in a message's text part whose path starts with `pathPrefix`. */
export function linkIn(mail: CaughtMail, pathPrefix: string): string {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((href) => new URL(href).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in "${mail.subject}"`);
  return link;
}
