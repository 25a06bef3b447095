import {
  REALTIME_CLOSE,
  type RealtimeEventType,
  realtimeClientMessageSchema,
  realtimeMessageSchema,
} from '@pinpoint/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Principal } from '../../kernel/lib/access-policy';

/** Per-connection message allowance: a token bucket (burst, then a steady rate). */
export const MESSAGE_BURST = 20;
export const MESSAGES_PER_SECOND = 5;
/** A connection that keeps pushing past its allowance this many times is closed. */
const STRIKES_BEFORE_CLOSE = 20;

export interface Connection {
  readonly socket: WebSocket;
  principal: Principal;
  /** SHA-256 of the session token, to close this socket when that session ends. */
  readonly sessionHash: string;
  alive: boolean;
  send(type: RealtimeEventType, payload: unknown): void;
}

/** Sends only on an open socket; a socket that is closing simply misses the message. */
function sendOn(socket: WebSocket, type: string, payload: unknown) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type, payload }));
}

/**
 * Wraps one browser socket: validates everything it sends (size is capped by the server's
 * `maxPayload`, shape by schema), rate-limits it, and answers the one request a browser
 * makes (`ping`). Bad input gets an `error` message, never a crash.
 */
export function createConnection(options: {
  socket: WebSocket;
  principal: Principal;
  sessionHash: string;
  log: FastifyBaseLogger;
  now?: () => number;
}): Connection {
  const { socket, log } = options;
  const now = options.now ?? Date.now;
  let tokens = MESSAGE_BURST;
  let refilledAt = now();
  let strikes = 0;

  const connection: Connection = {
    socket,
    principal: options.principal,
    sessionHash: options.sessionHash,
    alive: true,
    send: (type, payload) => sendOn(socket, type, payload),
  };

  function allowed(): boolean {
    const at = now();
    tokens = Math.min(MESSAGE_BURST, tokens + ((at - refilledAt) / 1000) * MESSAGES_PER_SECOND);
    refilledAt = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  }

  function refuse(code: string, message: string) {
    sendOn(socket, 'error', { code, message });
  }

  socket.on('pong', () => {
    connection.alive = true;
  });

  socket.on('message', (data, isBinary) => {
    connection.alive = true;
    if (!allowed()) {
      strikes += 1;
      if (strikes >= STRIKES_BEFORE_CLOSE) {
        log.warn(
          { event: 'realtime_rate_limited', userId: options.principal.userId },
          'socket closed',
        );
        socket.close(REALTIME_CLOSE.rateLimited, 'Too many messages');
        return;
      }
      refuse('rate_limited', 'Too many messages; slow down.');
      return;
    }
    if (isBinary) return refuse('bad_message', 'Messages must be JSON text.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return refuse('bad_message', 'Messages must be JSON {type, payload}.');
    }
    if (!realtimeMessageSchema.safeParse(parsed).success)
      return refuse('bad_message', 'Messages must be JSON {type, payload}.');
    const message = realtimeClientMessageSchema.safeParse(parsed);
    if (!message.success) return refuse('bad_message', 'Unknown message type or payload.');
    switch (message.data.type) {
      case 'ping':
        connection.send('pong', { sentAt: message.data.payload?.sentAt });
        break;
    }
  });

  return connection;
}
