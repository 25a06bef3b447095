import websocket from '@fastify/websocket';
import {
  REALTIME_CLOSE,
  REALTIME_MAX_MESSAGE_BYTES,
  REALTIME_PATH,
  type RealtimeEventType,
} from '@pinpoint/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../kernel/lib/app-error';
import { createOriginCheck, logForeignOrigin } from '../../kernel/lib/origin';
import { principalOf } from '../identity/session.plugin';
import { hashToken } from '../identity/session.service';
import { type Connection, createConnection } from './connection';
import {
  createLocalEventBus,
  type DomainEvent,
  type EventBus,
  type EventPublisher,
  mayReceive,
} from './event-bus';
import { createPgEventBus } from './pg-event-bus';

export interface Realtime extends EventPublisher {
  /**
   * Raises a domain event; it reaches every allowed socket on every server process. It
   * never throws: a lost event costs a live update, which the browser's refetch repairs.
   */
  publish<T extends RealtimeEventType>(event: DomainEvent<T>): void;
  /**
   * Calls `listener` with every event raised on any process: at once, on the process that
   * raised it (before its caller's next request can arrive), and again when the bus brings
   * it. For in-process caches that must drop what a change made stale.
   */
  onChange(listener: (event: DomainEvent) => void): void;
  /** Sockets open on this process. */
  connectionCount(): number;
  healthy(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimeOptions {
  publicUrl: string | null;
  /** How often sockets are pinged; one missed pong and the socket is dropped. */
  heartbeatMs: number;
  /** How often each socket's session is checked again (a lapsed session closes it). */
  revalidateMs: number;
}

/**
 * The realtime channel (SPEC §7): one WebSocket endpoint on the app's own origin. The
 * upgrade passes the same session and access checks as any route, plus an Origin
 * allowlist, since browsers send cookies with cross-site socket upgrades.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, opts: RealtimeOptions) => {
  const onListenerError = (error: unknown) =>
    app.log.error({ err: error }, 'realtime delivery failed');
  const database = app.database;
  const bus: EventBus =
    database.kind === 'postgres' && database.url
      ? await createPgEventBus({ url: database.url, log: app.log })
      : createLocalEventBus(onListenerError);
  const connections = new Set<Connection>();
  /** Session tokens of open sockets, for re-checking; memory only, never logged. */
  const tokens = new WeakMap<Connection, string>();

  /**
   * Re-reads a socket's session: closes it if the session lapsed, otherwise refreshes its
   * memberships and assignments, which may have changed since it opened.
   */
  async function recheck(connection: Connection): Promise<void> {
    const token = tokens.get(connection);
    const found = token
      ? await app.sessionService
          .resolve(token, { touch: false, fresh: true })
          .catch(() => undefined)
      : null;
    if (found === undefined) return; // the database did not answer: try next time
    if (!found) {
      connection.send('session.ended', {});
      connection.socket.close(REALTIME_CLOSE.sessionEnded, 'Session ended');
      return;
    }
    connection.principal = principalOf(found);
  }

  const changeListeners = new Set<(event: DomainEvent) => void>();
  const tellChange = (event: DomainEvent) => {
    for (const listener of changeListeners) {
      try {
        listener(event);
      } catch (error) {
        onListenerError(error);
      }
    }
  };
  bus.subscribe(tellChange);

  bus.subscribe((event) => {
    for (const connection of connections) {
      if (!mayReceive(connection, event.audience)) continue;
      if (event.type === 'access.changed') {
        recheck(connection).catch((error) =>
          app.log.warn({ err: error }, 'socket access was not re-checked'),
        );
      }
      connection.send(event.type, event.payload);
      if (event.type === 'session.ended')
        connection.socket.close(REALTIME_CLOSE.sessionEnded, 'Signed out');
    }
  });

  // A sign-out on any process closes that session's sockets on every process.
  app.sessionService.onDestroyed((tokenHash) =>
    app.realtime.publish({ type: 'session.ended', payload: {}, audience: { session: tokenHash } }),
  );

  app.decorate('realtime', {
    publish: (event) => {
      tellChange(event as DomainEvent);
      bus
        .publish(event)
        .catch((error) => app.log.warn({ err: error, type: event.type }, 'event not published'));
    },
    onChange: (listener) => {
      changeListeners.add(listener);
    },
    connectionCount: () => connections.size,
    healthy: () => bus.healthy(),
  } satisfies Realtime);

  // Sessions this process keeps for a few seconds follow sign-outs and changed access.
  app.realtime.onChange((event) => {
    if (event.type === 'session.ended' && 'session' in event.audience)
      app.sessionService.forget(event.audience.session);
    if (event.type === 'access.changed' && 'user' in event.audience)
      app.sessionService.forgetUser(event.audience.user);
  });

  app.healthProbes.register('realtime', async () =>
    bus.healthy()
      ? { status: 'up', detail: 'Live updates are being delivered.' }
      : { status: 'degraded', detail: 'Live updates are delayed; pages still refresh.' },
  );

  await app.register(websocket, {
    options: { maxPayload: REALTIME_MAX_MESSAGE_BYTES },
  });

  const allowedOrigin = createOriginCheck(opts.publicUrl);

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    config: { access: 'signed-in', gateway: false },
    schema: { hide: true },
    onRequest: async (request) => {
      if (!allowedOrigin(request)) {
        logForeignOrigin(request, 'socket_origin', 'socket upgrade from another origin refused');
        throw new AppError(
          403,
          'FORBIDDEN',
          'The realtime channel is for the Pinpoint app itself.',
        );
      }
    },
    handler: async (_request, reply) =>
      reply.code(426).send({
        error: { code: 'UPGRADE_REQUIRED', message: 'Open this address as a WebSocket.' },
      }),
    wsHandler: (socket, request) => {
      const session = request.currentSession;
      const principal = request.principal;
      if (!session || !principal) {
        socket.close(REALTIME_CLOSE.sessionEnded, 'Sign in first');
        return;
      }
      const connection = createConnection({
        socket,
        principal,
        sessionHash: hashToken(session.token),
        log: request.log,
      });
      connections.add(connection);
      tokens.set(connection, session.token);
      socket.on('close', () => connections.delete(connection));
      connection.send('welcome', { userId: principal.userId });
    },
  });

  // Ping every socket; one that did not answer the previous ping is gone (a sleeping
  // laptop, a dropped network) and is terminated, which frees its slot at once.
  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        connections.delete(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, opts.heartbeatMs);
  heartbeat.unref();

  // Sessions lapse (idle or absolute timeout, a disabled user) without a sign-out event.
  const revalidate = setInterval(async () => {
    for (const connection of connections) await recheck(connection);
  }, opts.revalidateMs);
  revalidate.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(revalidate);
    // 1012 "service restart": browsers reconnect, to another process if this one is going.
    for (const connection of connections) connection.socket.close(1012, 'Server restarting');
  });
  app.addHook('onClose', async () => {
    await bus.close();
  });
});
