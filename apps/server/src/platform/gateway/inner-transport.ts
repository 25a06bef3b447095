import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The gateway's in-process transport: the smallest request and response objects Fastify's
 * router accepts, so that an inner call runs the route's whole pipeline (its hooks, access
 * check, zod validation, handler, answer schema, error handler, onResponse) exactly as a
 * direct call does, without building a fake HTTP exchange around it.
 *
 * light-my-request, used before, is made for tests: it validates its options with ajv,
 * parses the url with `new URL`, builds a real `http.ServerResponse` on a null socket
 * (status line and header text included) and copies the headers out of that text again.
 * That was about half of a gateway call's CPU (docs/performance.md, "A faster gateway").
 */

export interface InnerCall {
  method: string;
  /** Path and query, already checked (inner-url.ts). */
  url: string;
  headers: Record<string, string>;
  remoteAddress: string;
  /** Whether the caller's own connection is TLS (`request.protocol` of the inner route). */
  encrypted: boolean;
  /** The JSON body, for methods that carry one. */
  payload: string | null;
  /** The caller's request logger, already bound to the request id the inner call shares. */
  logger: FastifyBaseLogger;
}

export interface InnerAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** What Fastify reads of a request's socket: the caller's address and whether it is TLS. */
class InnerSocket extends EventEmitter {
  constructor(
    readonly remoteAddress: string,
    readonly encrypted: boolean,
  ) {
    super();
  }
}

/** The request: a readable stream of its body (read by Fastify's content-type parser). */
class InnerRequest extends Readable {
  readonly httpVersionMajor = 1;
  readonly httpVersionMinor = 1;
  readonly httpVersion = '1.1';
  readonly aborted = false;
  readonly method: string;
  url: string;
  readonly headers: IncomingHttpHeaders;
  readonly socket: InnerSocket;
  readonly callerLogger: FastifyBaseLogger;
  private payload: Buffer | null;

  constructor(call: InnerCall) {
    // Not destroyed once read: a 'close' then would look like a caller who went away.
    super({ autoDestroy: false });
    this.method = call.method;
    this.url = call.url;
    this.headers = { ...call.headers };
    this.socket = new InnerSocket(call.remoteAddress, call.encrypted);
    this.callerLogger = call.logger;
    this.payload = call.payload === null ? null : Buffer.from(call.payload);
    if (this.payload) this.headers['content-length'] = String(this.payload.length);
  }

  override _read(): void {
    if (this.payload) this.push(this.payload);
    this.payload = null;
    this.push(null);
  }
}

type HeaderValue = string | string[] | number;

/** The response: collects status, headers and body, and settles once the route has ended it. */
class InnerResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  writableEnded = false;
  finished = false;
  destroyed = false;
  private readonly headerValues: Record<string, HeaderValue> = {};
  private readonly chunks: Buffer[] = [];

  constructor(
    private readonly settle: (answer: InnerAnswer) => void,
    private readonly fail: (error: Error) => void,
  ) {
    super();
  }

  setHeader(name: string, value: HeaderValue): this {
    this.headerValues[name.toLowerCase()] = value;
    return this;
  }
  getHeader(name: string): HeaderValue | undefined {
    return this.headerValues[name.toLowerCase()];
  }
  getHeaders(): Record<string, HeaderValue> {
    return { ...this.headerValues };
  }
  getHeaderNames(): string[] {
    return Object.keys(this.headerValues);
  }
  hasHeader(name: string): boolean {
    return name.toLowerCase() in this.headerValues;
  }
  removeHeader(name: string): void {
    delete this.headerValues[name.toLowerCase()];
  }

  writeHead(statusCode: number, headers?: Record<string, HeaderValue | undefined>): this {
    this.statusCode = statusCode;
    if (headers) {
      for (const name of Object.keys(headers)) {
        const value = headers[name];
        if (value !== undefined) this.setHeader(name, value);
      }
    }
    this.headersSent = true;
    return this;
  }

  write(chunk: string | Buffer, encoding?: BufferEncoding): boolean {
    this.headersSent = true;
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
    return true;
  }

  end(chunk?: string | Buffer | null, encoding?: BufferEncoding | null): this {
    if (this.writableEnded) return this;
    if (chunk) this.write(chunk, encoding ?? undefined);
    this.headersSent = true;
    this.writableEnded = true;
    this.finished = true;
    // 'finish' runs the route's onResponse hooks (and the request log), as on a socket.
    this.emit('finish');
    const body =
      this.chunks.length === 1
        ? (this.chunks[0] as Buffer).toString('utf8')
        : Buffer.concat(this.chunks).toString('utf8');
    this.settle({ statusCode: this.statusCode, headers: this.headerValues, body });
    process.nextTick(() => this.emit('close'));
    return this;
  }

  destroy(error?: Error): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    if (!this.writableEnded) {
      this.fail(error ?? new Error('The inner route closed its answer without ending it.'));
    }
    process.nextTick(() => this.emit('close'));
    return this;
  }
}

/**
 * The logger an inner call logs with: its caller's, which carries the same request id, rather
 * than a new child per call (a child's bindings go through the redaction each time).
 */
export function innerCallLogger(request: IncomingMessage): FastifyBaseLogger | null {
  return request instanceof InnerRequest ? request.callerLogger : null;
}

/** Fastify's router entry point (`app.routing`): routes a request as the http server does. */
export type RoutingFunction = (request: IncomingMessage, response: ServerResponse) => void;

/** Runs one inner call through the router; resolves with the route's answer. */
export function dispatchInner(routing: RoutingFunction, call: InnerCall): Promise<InnerAnswer> {
  return new Promise((resolve, reject) => {
    const request = new InnerRequest(call);
    const response = new InnerResponse(resolve, reject);
    routing(request as unknown as IncomingMessage, response as unknown as ServerResponse);
  });
}
