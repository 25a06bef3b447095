import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { createFanOut, type DomainEvent, type EventBus } from './event-bus';

/** The one NOTIFY channel all server processes listen on. */
export const EVENTS_CHANNEL = 'pinpoint_events';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events are small hints. */
const MAX_NOTIFY_BYTES = 7_900;

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/**
 * Events across server processes through PostgreSQL LISTEN/NOTIFY (DECISIONS.md). Each
 * process keeps one dedicated connection that LISTENs; publishing is a NOTIFY on any
 * connection, and every process, the publisher's own included, delivers what it hears.
 * Events are not stored: a browser that was away refetches when it reconnects.
 */
export async function createPgEventBus(options: {
  url: string;
  log: FastifyBaseLogger;
}): Promise<EventBus> {
  const { log } = options;
  const fanOut = createFanOut((error) => log.error({ err: error }, 'realtime listener failed'));
  let listener: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  // NOTIFY goes through a small pool of its own so publishing never waits behind app queries.
  const publisher = new pg.Pool({
    connectionString: options.url,
    max: 2,
    application_name: 'pinpoint-events',
  });
  publisher.on('error', () => {});

  function onNotification(message: pg.Notification) {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
    try {
      fanOut.deliver(JSON.parse(message.payload) as DomainEvent);
    } catch (error) {
      log.warn({ err: error }, 'unreadable realtime event ignored');
    }
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: options.url,
      application_name: 'pinpoint-events',
    });
    client.on('notification', onNotification);
    // Attached before connecting; they act only once this client is the live listener.
    client.on('error', (error) => {
      log.warn({ err: error }, 'realtime event listener lost its connection');
      dropAndRetry(client);
    });
    client.on('end', () => dropAndRetry(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => {});
      client.end().catch(() => {});
      throw error;
    }
    listener = client;
    listening = true;
    retryMs = RECONNECT_MIN_MS;
  }

  function dropAndRetry(client: pg.Client) {
    if (listener !== client) return;
    listener = null;
    listening = false;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error) => {
        log.warn({ err: error, retryMs }, 'realtime event listener could not reconnect');
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
      });
    }, retryMs);
    retryTimer.unref();
  }

  await connect();

  return {
    async publish(event) {
      const text = JSON.stringify(event);
      if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
        // A programming error, not a run-time condition: events carry ids and summaries.
        throw new Error(`realtime event ${event.type} is too large to send (${text.length} bytes)`);
      }
      await publisher.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, text]);
    },
    subscribe: fanOut.subscribe,
    healthy: () => listening,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      listening = false;
      await client?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
