import WebSocket from 'ws';

export interface TestSocket {
  socket: WebSocket;
  /** Every message received so far, parsed. */
  messages: { type: string; payload: unknown }[];
  /**
   * The next message of a type (or one already received), or a timeout error. With `match`,
   * the next one whose payload it accepts: on PostgreSQL an event raised by an earlier test
   * can reach a socket opened after it (NOTIFY is delivered asynchronously).
   */
  next(
    type: string,
    timeoutMs?: number,
    match?: (payload: never) => boolean,
  ): Promise<{ type: string; payload: unknown }>;
  closed: Promise<{ code: number; reason: string }>;
}

export interface SocketRefusal {
  status: number;
  body: string;
}

/**
 * Opens a WebSocket the way a browser tab would (cookie and Origin headers). Resolves once
 * open, or rejects with the HTTP status of a refused upgrade.
 */
export function openTestSocket(
  url: string,
  options: { cookie?: string; origin?: string; autoPong?: boolean } = {},
): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const socket = new WebSocket(url, {
    headers,
    ...(options.origin && { origin: options.origin }),
    autoPong: options.autoPong ?? true,
  });
  const messages: TestSocket['messages'] = [];
  type Message = TestSocket['messages'][number];
  const waiters: { accepts: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  const consumed = new Set<number>();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Message;
    messages.push(message);
    const index = waiters.findIndex((w) => w.accepts(message));
    if (index >= 0) {
      consumed.add(messages.length - 1);
      waiters.splice(index, 1)[0]?.resolve(message);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const next: TestSocket['next'] = (type, timeoutMs = 5_000, match) => {
    const accepts = (m: Message) =>
      m.type === type && (!match || (match as (payload: unknown) => boolean)(m.payload));
    const earlier = messages.findIndex((m, i) => accepts(m) && !consumed.has(i));
    if (earlier >= 0) {
      consumed.add(earlier);
      return Promise.resolve(messages[earlier] as TestSocket['messages'][number]);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no "${type}" message within ${timeoutMs} ms`)),
        timeoutMs,
      );
      waiters.push({
        accepts,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, next, closed }));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => {
        socket.terminate();
        reject({ status: response.statusCode ?? 0, body } satisfies SocketRefusal);
      });
    });
    socket.once('error', (error) => reject(error));
  });
}
