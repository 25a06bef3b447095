import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './peer-http';

/**
 * Twilio's request signature (X-Twilio-Signature) as Twilio documents it, computed here on
 * its own so the fake does not borrow the code it tests: the URL, then each parameter's
 * name and value sorted by name, HMAC-SHA1 with the auth token, base64.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((key) => key + params[key])
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export const TWILIO_PEER_SID = 'AC0123456789abcdef0123456789abcdef';
export const TWILIO_PEER_TOKEN = 'twilio-peer-auth-token';
export const TWILIO_PEER_FROM = '+15125550199';

/** One text the fake accepted. */
export interface SentText {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  /** Where its status callbacks got to ('queued' until the first one is delivered). */
  status: string;
  at: number;
}

export interface TwilioPeerOptions {
  accountSid?: string;
  authToken?: string;
  /** Answer the create call with this error for the numbers it matches (Twilio's JSON). */
  refuse?: (to: string) => { status: number; code: number; message: string } | null;
  /** After "sent", report this instead of "delivered" (with its ErrorCode). */
  finalStatus?: (to: string) => {
    status: 'delivered' | 'undelivered' | 'failed';
    errorCode?: number;
  };
  /** Pause between the callbacks (ms). */
  callbackDelayMs?: number;
}

export interface RunningTwilioPeer {
  /** For TWILIO_API_URL. */
  base: string;
  port: number;
  accountSid: string;
  authToken: string;
  texts: SentText[];
  /** Callbacks POSTed and the status each got back. */
  callbacks: { url: string; status: string; code: number }[];
  /** Resolves with the first text to `to` that `match` accepts. */
  waitFor(to: string, match?: (text: SentText) => boolean, timeoutMs?: number): Promise<SentText>;
  /** Sends a signed inbound text to our webhook, as Twilio would; answers status and body. */
  inbound(
    url: string,
    text: { from: string; to?: string; body: string },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** POSTs form fields signed with the account's token, as Twilio's callbacks are. */
export async function postSigned(
  url: string,
  authToken: string,
  params: Record<string, string>,
  signature = twilioSignature(authToken, url, params),
): Promise<{ status: number; body: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature,
    },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, body: await res.text() };
}

/**
 * A fake of Twilio's Messages API: checks HTTP Basic auth, records each text, answers the
 * created message, then reports queued → sent → delivered (or a failure) to its
 * StatusCallback, signed as Twilio signs. `GET /texts?to=` lists what it holds (browser
 * tests read review links from it).
 */
export async function startTwilioPeer(
  options: TwilioPeerOptions = {},
  port = 0,
): Promise<RunningTwilioPeer> {
  const accountSid = options.accountSid ?? TWILIO_PEER_SID;
  const authToken = options.authToken ?? TWILIO_PEER_TOKEN;
  const texts: SentText[] = [];
  const callbacks: RunningTwilioPeer['callbacks'] = [];
  let serial = 0;
  const pause = () => new Promise((r) => setTimeout(r, options.callbackDelayMs ?? 20));

  async function report(text: SentText) {
    if (!text.statusCallback) return;
    const final = options.finalStatus?.(text.to) ?? { status: 'delivered' };
    const steps: [string, number | undefined][] = [
      ['queued', undefined],
      ['sent', undefined],
      [final.status, final.errorCode],
    ];
    for (const [status, code] of steps) {
      await pause();
      const params: Record<string, string> = {
        AccountSid: accountSid,
        MessageSid: text.sid,
        SmsSid: text.sid,
        MessageStatus: status,
        SmsStatus: status,
        To: text.to,
        From: text.from,
        ApiVersion: '2010-04-01',
        ...(code ? { ErrorCode: String(code) } : {}),
      };
      try {
        const res = await postSigned(text.statusCallback, authToken, params);
        callbacks.push({ url: text.statusCallback, status, code: res.status });
        text.status = status;
      } catch {
        callbacks.push({ url: text.statusCallback, status, code: 0 });
      }
    }
  }

  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/texts') {
      const to = url.searchParams.get('to');
      json(200, to ? texts.filter((t) => t.to === to) : texts);
      return;
    }
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    if (req.method !== 'POST' || url.pathname !== path) {
      json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      return;
    }
    if (req.headers.authorization !== expectedAuth) {
      json(401, { code: 20003, message: 'Authenticate', status: 401 });
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const form = Object.fromEntries(new URLSearchParams(raw));
    const to = form.To ?? '';
    const from = form.From ?? form.MessagingServiceSid ?? '';
    if (!to || !from || !form.Body) {
      json(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
      return;
    }
    const refused = options.refuse?.(to);
    if (refused) {
      json(refused.status, {
        code: refused.code,
        message: refused.message,
        status: refused.status,
      });
      return;
    }
    const text: SentText = {
      sid: `SM${(++serial).toString(16).padStart(32, '0')}`,
      to,
      from,
      body: form.Body,
      statusCallback: form.StatusCallback ?? null,
      status: 'queued',
      at: Date.now(),
    };
    texts.push(text);
    json(201, { sid: text.sid, status: 'queued', to, from, body: text.body });
    void report(text);
  });
  // Longer than a test's pauses: a kept-alive socket closed by the peer just as the client
  // reuses it would fail that POST (a real network error, but not the one under test).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    accountSid,
    authToken,
    texts,
    callbacks,
    async waitFor(to, match = () => true, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = texts.find((t) => t.to === to && match(t));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No text to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    inbound: (url, text) =>
      postSigned(url, authToken, {
        AccountSid: accountSid,
        MessageSid: `SM${(++serial).toString(16).padStart(32, 'f')}`,
        From: text.from,
        To: text.to ?? TWILIO_PEER_FROM,
        Body: text.body,
        NumMedia: '0',
      }),
    close: () => closeServer(server),
  };
}
