import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { closeServer } from './peer-http';

/** One message as the SMTP server received it, parsed by mailparser. */
export interface CaughtMail {
  /** The envelope's recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Every header, names lower-cased, values as text. */
  headers: Record<string, string>;
  raw: string;
  receivedAt: number;
}

export interface SmtpPeerOptions {
  /** Answer DATA with this code instead of 250 for the recipients it matches (a 5xx: permanent). */
  reject?: (to: string[]) => { code: number; message: string } | null;
  /** Called with each message once it is parsed (before the 250 goes back). */
  onMessage?: (mail: CaughtMail) => void | Promise<void>;
  /**
   * Count messages without parsing them (benchmarks: mailparser in the measured process
   * would be charged to the sender). `mails` then holds only envelope and raw text.
   */
  parse?: boolean;
}

export interface RunningSmtpPeer {
  /** smtp://127.0.0.1:port */
  url: string;
  port: number;
  mails: CaughtMail[];
  /** Resolves with the first message to `to` that `match` accepts (polling the inbox). */
  waitFor(
    to: string,
    match?: (mail: CaughtMail) => boolean,
    timeoutMs?: number,
  ): Promise<CaughtMail>;
  close(): Promise<void>;
}

function headerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'text' in value) return String(value.text);
  if (value && typeof value === 'object' && 'value' in value) {
    const inner = (value as { value: unknown; params?: Record<string, string> }).value;
    return typeof inner === 'string' ? inner : JSON.stringify(inner);
  }
  return JSON.stringify(value);
}

function toCaught(parsed: ParsedMail, envelopeTo: string[], from: string, raw: string): CaughtMail {
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) {
    headers[line.key.toLowerCase()] = line.line.slice(line.line.indexOf(':') + 1).trim();
  }
  for (const [key, value] of parsed.headers) headers[key.toLowerCase()] ??= headerText(value);
  return {
    to: envelopeTo,
    from,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    messageId: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
    headers,
    raw,
    receivedAt: Date.now(),
  };
}

const SENDER_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * A real SMTP server (the `smtp-server` package, no TLS, any login accepted) that keeps
 * what it receives, parsed by `mailparser`: the tests count and read real messages.
 */
export async function startSmtpPeer(
  options: SmtpPeerOptions = {},
  port = 0,
): Promise<RunningSmtpPeer> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const refused = options.reject?.(to);
        if (refused) {
          const error = Object.assign(new Error(refused.message), { responseCode: refused.code });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        if (options.parse === false) {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          mails.push({
            to,
            from,
            subject: '',
            text: '',
            html: '',
            messageId: '',
            headers: {},
            raw,
            receivedAt: Date.now(),
          });
          callback();
          return;
        }
        try {
          const parsed = await simpleParser(raw);
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const mail = toCaught(parsed, to, from, raw);
          mails.push(mail);
          await options.onMessage?.(mail);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // A sender that dies mid-message (the SIGKILL tests do this on purpose) resets its socket
  // inside a transaction, which smtp-server reports as a server 'error'; with no listener
  // Node would throw it in the test process. Resets are the sender's business; anything
  // else still fails loudly.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code && SENDER_SOCKET_ERRORS.has(error.code)) return;
    throw error;
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    async waitFor(to, match = () => true, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      const wanted = to.toLowerCase();
      for (;;) {
        const found = mails.find((m) => m.to.includes(wanted) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The SMTP peer's inbox over HTTP, for browser tests (their workers are other processes):
 * `GET /mails?to=address` answers the messages to that address, newest last.
 */
export async function serveSmtpInbox(peer: RunningSmtpPeer, port = 0) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mails') {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = peer.mails.filter((m) => !to || m.to.includes(to));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(list.map(({ raw: _raw, ...mail }) => mail)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actualPort = (server.address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${actualPort}`, close: () => closeServer(server) };
}
