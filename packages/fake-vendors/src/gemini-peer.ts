import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './peer-http';

export const GEMINI_PEER_KEY = 'gemini-peer-key-AIzaPeer31';

/** How the peer answers one generateContent request. */
export type GeminiPeerBehaviour =
  | 'ok'
  /** The prompt itself is blocked: no candidates, `promptFeedback.blockReason`. */
  | 'blockedPrompt'
  /** A candidate stopped for safety, without text. */
  | 'safety'
  /** A candidate with no parts at all. */
  | 'empty'
  /** 429 RESOURCE_EXHAUSTED with a RetryInfo delay. */
  | 'quota'
  /** 503 UNAVAILABLE ("The model is overloaded"). */
  | 'overloaded';

export interface GeminiPeerRequest {
  method: string;
  url: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface RunningGeminiPeer {
  base: string;
  port: number;
  requests: GeminiPeerRequest[];
  mode: GeminiPeerBehaviour;
  /** Answers for the next requests, in order, before `mode` applies again. */
  next: GeminiPeerBehaviour[];
  /** The text of an 'ok' answer. */
  answer: string;
  delayMs: number;
  reset(): void;
  close(): Promise<void>;
}

export const GEMINI_PEER_ANSWER =
  'Thank you, Dana, for the kind words! We hope to see you again. - Peer Plumbing';

function send(res: http.ServerResponse, status: number, body: unknown) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

function googleError(
  res: http.ServerResponse,
  code: number,
  status: string,
  message: string,
  details: unknown[] = [],
) {
  send(res, code, { error: { code, message, status, ...(details.length > 0 ? { details } : {}) } });
}

const usage = { promptTokenCount: 120, candidatesTokenCount: 30, totalTokenCount: 150 };

/**
 * A local stand-in for the Gemini API's `POST /v1beta/models/{model}:generateContent`:
 * checks the x-goog-api-key header as the API does (a wrong key is a 400 with reason
 * API_KEY_INVALID), answers in the documented shape, and can block, refuse, rate-limit
 * or be overloaded.
 */
export async function startGeminiPeer(port = 0): Promise<RunningGeminiPeer> {
  const peer: RunningGeminiPeer = {
    base: '',
    port: 0,
    requests: [],
    mode: 'ok',
    next: [],
    answer: GEMINI_PEER_ANSWER,
    delayMs: 0,
    reset() {
      peer.requests.length = 0;
      peer.mode = 'ok';
      peer.next = [];
      peer.answer = GEMINI_PEER_ANSWER;
      peer.delayMs = 0;
    },
    close: () => closeServer(server),
  };

  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://peer');
    peer.requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      path: url.pathname,
      headers: req.headers,
      body,
    });
    if (peer.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, peer.delayMs));

    const key = req.headers['x-goog-api-key'] ?? url.searchParams.get('key');
    if (key !== GEMINI_PEER_KEY) {
      return googleError(
        res,
        400,
        'INVALID_ARGUMENT',
        'API key not valid. Please pass a valid API key.',
        [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
          },
        ],
      );
    }
    if (
      req.method !== 'POST' ||
      !/^\/v1beta\/models\/[\w.-]+:generateContent$/.test(url.pathname)
    ) {
      return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
    }
    const contents = (body as { contents?: unknown } | null)?.contents;
    if (!Array.isArray(contents) || contents.length === 0) {
      return googleError(
        res,
        400,
        'INVALID_ARGUMENT',
        '* GenerateContentRequest.contents: contents is not specified',
      );
    }
    switch (peer.next.shift() ?? peer.mode) {
      case 'blockedPrompt':
        return send(res, 200, { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: usage });
      case 'safety':
        return send(res, 200, {
          candidates: [
            {
              finishReason: 'SAFETY',
              index: 0,
              safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'HIGH' }],
            },
          ],
          usageMetadata: usage,
        });
      case 'empty':
        return send(res, 200, {
          candidates: [{ content: { role: 'model' }, finishReason: 'MAX_TOKENS', index: 0 }],
          usageMetadata: usage,
        });
      case 'quota':
        return googleError(
          res,
          429,
          'RESOURCE_EXHAUSTED',
          'You exceeded your current quota, please check your plan and billing details.',
          [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '37s' }],
        );
      case 'overloaded':
        return googleError(
          res,
          503,
          'UNAVAILABLE',
          'The model is overloaded. Please try again later.',
        );
      default:
        return send(res, 200, {
          candidates: [
            {
              content: { parts: [{ text: peer.answer }], role: 'model' },
              finishReason: 'STOP',
              index: 0,
            },
          ],
          usageMetadata: usage,
          modelVersion: url.pathname.split('/').pop()?.split(':')[0],
        });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  peer.port = (server.address() as AddressInfo).port;
  peer.base = `http://127.0.0.1:${peer.port}`;
  return peer;
}
