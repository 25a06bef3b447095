import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PeerClient } from './oidc-peer';

export interface RunningOauth2Peer {
  /** Base URL; endpoints are under /v19.0 as in the Graph API. */
  base: string;
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  close(): Promise<void>;
}

interface Grant {
  redirectUri: string;
  challenge: string;
  profile: { id: string; name: string; email: string };
}

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Facebook-style sign-in</title></head><body>${body}</body></html>`;
const escapeHtml = (value: string) => value.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Graph API error shape. */
function graphError(res: http.ServerResponse, status: number, message: string, code: number) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'OAuthException', code, fbtrace_id: 'peer' } }));
}

async function formBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

/**
 * A small OAuth 2 server in the shape of Facebook's: the login dialog, the token endpoint
 * (client_secret_post, PKCE S256) and the `me` profile endpoint of the Graph API. The
 * dialog lets the tester type who they are.
 */
export async function startOauth2Peer(client: PeerClient, port = 0): Promise<RunningOauth2Peer> {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Grant['profile']>();

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    if (req.method === 'GET' && url.pathname === '/v19.0/dialog/oauth') {
      const q = url.searchParams;
      if (
        q.get('client_id') !== client.clientId ||
        !client.redirectUris.includes(q.get('redirect_uri') ?? '')
      ) {
        return graphError(res, 400, 'Invalid client_id or redirect_uri.', 191);
      }
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
        return graphError(res, 400, 'PKCE with S256 is required.', 100);
      }
      const hidden = [...q]
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        html(`<h1>Continue with Facebook-style</h1>
<form method="post" action="/v19.0/dialog/oauth/approve">${hidden}
<label>Email <input name="email" type="email" required></label>
<label>Name <input name="name" type="text" value="Pat Tester"></label>
<button type="submit">Continue</button></form>`),
      );
    }
    if (req.method === 'POST' && url.pathname === '/v19.0/dialog/oauth/approve') {
      const form = await formBody(req);
      const email = (form.get('email') ?? '').toLowerCase();
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        redirectUri: form.get('redirect_uri') ?? '',
        challenge: form.get('code_challenge') ?? '',
        profile: {
          id: String(BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 12)}`)),
          name: form.get('name') ?? '',
          email,
        },
      });
      const back = new URL(form.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', form.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/v19.0/oauth/access_token') {
      const form = await formBody(req);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (
        form.get('client_id') !== client.clientId ||
        form.get('client_secret') !== client.clientSecret
      ) {
        return graphError(res, 400, 'Error validating client secret.', 1);
      }
      if (!grant || grant.redirectUri !== form.get('redirect_uri')) {
        return graphError(res, 400, 'Invalid verification code format.', 100);
      }
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
        return graphError(res, 400, 'Invalid code verifier.', 100);
      }
      const token = randomBytes(24).toString('hex');
      tokens.set(token, grant.profile);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: 5_183_944 }),
      );
    }
    if (req.method === 'GET' && url.pathname === '/v19.0/me') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      const profile = tokens.get(token);
      if (!profile) return graphError(res, 400, 'Invalid OAuth access token.', 190);
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
      const body = Object.fromEntries(Object.entries(profile).filter(([k]) => fields.includes(k)));
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(body));
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    authorizeUrl: `${base}/v19.0/dialog/oauth`,
    tokenUrl: `${base}/v19.0/oauth/access_token`,
    profileUrl: `${base}/v19.0/me`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
