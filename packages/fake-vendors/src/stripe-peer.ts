import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './peer-http';

export const STRIPE_PEER_SECRET_KEY = 'sk_test_pinpointpeer4c1e9a';
export const STRIPE_PEER_WEBHOOK_SECRET = 'whsec_pinpointpeer7d20b5';
/** The API version the fake says its events were rendered with. */
const API_VERSION = '2026-10-28.endive';

/** A Checkout Session as Stripe's API answers it (the fields Pinpoint reads, and a few more). */
export interface StripePeerSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Not Stripe's: the line item's name, shown on the hosted page. */
  line_name: string;
}

export interface StripePeerEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface StripePeerOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where the hosted page's "Pay" delivers `checkout.session.completed`; unset: not delivered. */
  webhookUrl?: string;
  /** The card the hosted page pays with. */
  card?: { brand: string; last4: string; exp_month: number; exp_year: number };
}

export interface RunningStripePeer {
  base: string;
  /** Every API request: method, path with query, the Authorization header, the form body. */
  requests: { method: string; path: string; authorization: string | undefined; form: string }[];
  sessions: Map<string, StripePeerSession>;
  /** Each webhook the hosted page delivered and the status it got back. */
  deliveries: { eventId: string; status: number }[];
  /**
   * Pays a session as the hosted page's "Pay" does, without delivering anything: the signed
   * `checkout.session.completed` event, its body and its Stripe-Signature header.
   * `amountTotal` overrides what the session says was paid (a mismatch test).
   */
  complete(
    sessionId: string,
    options?: { amountTotal?: number; timestamp?: number },
  ): { event: StripePeerEvent; payload: string; signature: string };
  /** Signs a body exactly as Stripe does: `t=<unix>,v1=HMAC-SHA256(secret, "<t>.<body>")`. */
  sign(payload: string, timestamp?: number, secret?: string): string;
  /** Where "Pay" delivers from now on (a test app that listens on a port it was given). */
  setWebhookUrl(url: string): void;
  failNext(count: number, status: 401 | 500): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

function stripeError(res: http.ServerResponse, status: number, type: string, message: string) {
  send(res, status, { error: { type, message } });
}

async function readText(req: http.IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function hostedPage(session: StripePeerSession): string {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${escapeHtml(session.line_name)} (fake Stripe Checkout)</title></head>
<body><main><h1>Fake Stripe Checkout</h1><p>${escapeHtml(session.line_name)}</p><p>Amount due: <strong>${amount}</strong></p>
<form method="post" action="/c/pay/${session.id}/confirm"><button type="submit">Pay</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ''}</main></body></html>`;
}

/**
 * A local stand-in for Stripe: `POST /v1/checkout/sessions` (form-encoded, `Authorization:
 * Bearer <secret key>`), `GET /v1/checkout/sessions/{id}`, `GET /v1/payment_intents/{id}`
 * (with `expand[]=payment_method`), Stripe's `{ error: { type, message } }` bodies, and a
 * hosted checkout page at `session.url` whose "Pay" signs a `checkout.session.completed`
 * event with the webhook secret, POSTs it to the webhook URL and sends the browser to the
 * session's success_url ("Cancel" goes to its cancel_url).
 */
export async function startStripePeer(
  options: StripePeerOptions = {},
  port = 0,
): Promise<RunningStripePeer> {
  const secretKey = options.secretKey ?? STRIPE_PEER_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? STRIPE_PEER_WEBHOOK_SECRET;
  const card = options.card ?? { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
  const sessions = new Map<string, StripePeerSession>();
  const intents = new Map<string, { id: string; amount: number; currency: string; pm: string }>();
  const failures: number[] = [];
  const idempotent = new Map<string, string>();
  let webhookUrl = options.webhookUrl;

  function sign(
    payload: string,
    timestamp = Math.floor(Date.now() / 1000),
    secret = webhookSecret,
  ) {
    const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${v1}`;
  }

  function complete(sessionId: string, opts: { amountTotal?: number; timestamp?: number } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const intent = {
      id: id('pi'),
      amount: session.amount_total,
      currency: session.currency,
      pm: id('pm'),
    };
    intents.set(intent.id, intent);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
      url: null,
    });
    const object = { ...session, amount_total: opts.amountTotal ?? session.amount_total };
    const { line_name: _shownOnly, ...shape } = object;
    const event: StripePeerEvent = {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: shape },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
    };
    const payload = JSON.stringify(event, null, 2);
    return { event, payload, signature: sign(payload, opts.timestamp) };
  }

  async function deliver(sessionId: string) {
    const { event, payload, signature } = complete(sessionId);
    if (!webhookUrl) return;
    let status = 0;
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      status = res.status;
    } catch {
      status = 0;
    }
    peer.deliveries.push({ eventId: event.id, status });
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const form = req.method === 'POST' ? await readText(req) : '';
    peer.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      form,
    });
    const failure = failures.shift();
    if (failure === 401 || req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    if (failure === 500) return stripeError(res, 500, 'api_error', 'Something went wrong.');

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      // As Stripe: a repeated Idempotency-Key gets the first answer, not a second session.
      const key = req.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? sessions.get(idempotent.get(key) ?? '') : undefined;
      if (earlier) {
        const { line_name: _shownOnly, ...shape } = earlier;
        return send(res, 200, shape);
      }
      const fields = new URLSearchParams(form);
      const unit = Number(fields.get('line_items[0][price_data][unit_amount]'));
      const quantity = Number(fields.get('line_items[0][quantity]') ?? 1);
      const successUrl = fields.get('success_url');
      if (fields.get('mode') !== 'payment' || !Number.isInteger(unit) || unit <= 0 || !successUrl) {
        return stripeError(res, 400, 'invalid_request_error', 'Missing or invalid parameters.');
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of fields) {
        const m = /^metadata\[(\w+)\]$/.exec(key);
        if (m?.[1]) metadata[m[1]] = value;
      }
      const sessionId = id('cs');
      const now = Math.floor(Date.now() / 1000);
      const session: StripePeerSession = {
        id: sessionId,
        object: 'checkout.session',
        amount_subtotal: unit * quantity,
        amount_total: unit * quantity,
        currency: fields.get('line_items[0][price_data][currency]') ?? 'usd',
        client_reference_id: fields.get('client_reference_id'),
        metadata,
        mode: 'payment',
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: successUrl,
        cancel_url: fields.get('cancel_url'),
        url: `${peer.base}/c/pay/${sessionId}`,
        created: now,
        expires_at: now + 24 * 3600,
        livemode: false,
        line_name: fields.get('line_items[0][price_data][product_data][name]') ?? '',
      };
      sessions.set(sessionId, session);
      if (typeof key === 'string') idempotent.set(key, sessionId);
      const { line_name: _shownOnly, ...shape } = session;
      return send(res, 200, shape);
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && sessionPath) {
      const session = sessions.get(sessionPath[1] ?? '');
      if (!session)
        return stripeError(res, 404, 'invalid_request_error', 'No such checkout.session');
      const { line_name: _shownOnly, ...shape } = session;
      return send(res, 200, shape);
    }
    const intentPath = /^\/v1\/payment_intents\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && intentPath) {
      const intent = intents.get(intentPath[1] ?? '');
      if (!intent) return stripeError(res, 404, 'invalid_request_error', 'No such payment_intent');
      const expanded = [...url.searchParams].some(
        ([key, value]) => key.startsWith('expand') && value === 'payment_method',
      );
      return send(res, 200, {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        amount_received: intent.amount,
        currency: intent.currency,
        status: 'succeeded',
        livemode: false,
        payment_method: expanded
          ? { id: intent.pm, object: 'payment_method', type: 'card', card }
          : intent.pm,
      });
    }
    return stripeError(res, 404, 'invalid_request_error', 'Unrecognized request URL.');
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const page = /^\/c\/pay\/([\w-]+)(\/confirm)?$/.exec(url.pathname);
    if (page) {
      const session = sessions.get(page[1] ?? '');
      if (session?.status !== 'open') {
        res.writeHead(410, { 'content-type': 'text/html' });
        return res.end(
          '<!doctype html><title>Expired</title><p>This checkout session has ended.</p>',
        );
      }
      if (!page[2] && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(hostedPage(session));
      }
      if (page[2] && req.method === 'POST') {
        // As Stripe: the event goes to the endpoint, then the customer to success_url.
        void deliver(session.id).then(() => {
          res.writeHead(303, { location: session.success_url });
          res.end();
        });
        return;
      }
    }
    if (url.pathname.startsWith('/v1/')) {
      void api(req, res, url).catch(() => stripeError(res, 500, 'api_error', 'Peer failure.'));
      return;
    }
    stripeError(res, 404, 'invalid_request_error', 'Unrecognized request URL.');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  const peer: RunningStripePeer = {
    base: `http://127.0.0.1:${address.port}`,
    requests: [],
    sessions,
    deliveries: [],
    complete,
    sign,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    close: () => closeServer(server),
  };
  return peer;
}
