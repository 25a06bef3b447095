import type http from 'node:http';

/** A request's body: parsed JSON, the raw text when it is not JSON, or null when empty. */
export async function readBody(req: http.IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Closes a fake vendor's server, ending kept-alive connections so the test does not wait. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
