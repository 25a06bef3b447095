import { expect } from '@playwright/test';
import { E2E_PEERS } from './ports';

/** A text the browser tests' fake Twilio accepted (see global-setup.ts). */
export interface SentText {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** The last status it reported to the server: queued → sent → delivered. */
  status: string;
}

const api = `http://127.0.0.1:${E2E_PEERS.twilioPort}`;

/** The texts to an E.164 number, oldest first. */
export async function textsTo(phone: string): Promise<SentText[]> {
  const res = await fetch(`${api}/texts?to=${encodeURIComponent(phone)}`);
  return (await res.json()) as SentText[];
}

/** Waits (polling the fake) for a text to `phone` that `match` accepts; the newest. */
export async function waitForText(
  phone: string,
  match: (text: SentText) => boolean = () => true,
): Promise<SentText> {
  let found: SentText | undefined;
  await expect
    .poll(
      async () => {
        found = (await textsTo(phone)).filter(match).at(-1);
        return Boolean(found);
      },
      { message: `a text to ${phone}` },
    )
    .toBe(true);
  return found as SentText;
}

/** The first link in a text whose path starts with `pathPrefix` (e.g. `/r/`). */
export function linkInText(text: SentText, pathPrefix: string): string {
  const link = text.body
    .match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in: ${text.body}`);
  return link;
}
