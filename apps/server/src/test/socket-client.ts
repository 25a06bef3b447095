import WebSocket from 'ws';

export interface TestSocket {
  socket: WebSocket;
  /** Every message received so far, parsed. */
  messages: { type: string; payload: unknown }[];
  /** The next message of a type (or one already received), or a timeout error. */
  next(type: string, timeoutMs?: number): Promise<{ type: string; payload: unknown }>;
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
  const waiters: { type: string; resolve: (m: TestSocket['messages'][number]) => void }[] = [];
  const consumed = new Set<number>();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as TestSocket['messages'][number];
    messages.push(message);
    const index = waiters.findIndex((w) => w.type === message.type);
    if (index >= 0) {
      consumed.add(messages.length - 1);
      waiters.splice(index, 1)[0]?.resolve(message);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const next: TestSocket['next'] = (type, timeoutMs = 5_000) => {
    const earlier = messages.findIndex((m, i) => m.type === type && !consumed.has(i));
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
        type,
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
