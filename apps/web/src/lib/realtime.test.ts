import { REALTIME_CLOSE } from '@pinpoint/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_CAP_MS,
  backoffDelay,
  HANDSHAKE_WAIT_MS,
  RealtimeClient,
  type RealtimeDeps,
} from './realtime';

/** A stand-in for the browser's WebSocket that the test opens, feeds and closes by hand. */
class FakeSocket {
  readyState: number = WebSocket.CONNECTING;
  sent: string[] = [];
  closedByClient = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closedByClient = true;
    this.readyState = WebSocket.CLOSED;
  }
  serverOpens() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
  serverSends(type: string, payload: unknown) {
    this.onmessage?.({ data: JSON.stringify({ type, payload }) });
  }
  drops(code = 1006) {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.({ code });
  }
}

function setup(random = () => 0.5) {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const deps: RealtimeDeps = {
    url: () => 'ws://app.test/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => {},
    random,
  };
  return { client: new RealtimeClient(deps), sockets, timers };
}

const errorLogEvent = {
  id: 1,
  change: 'created',
  message: 'm',
  page: '/p',
  count: 1,
  resolved: false,
  at: '2026-11-22T00:00:00.000Z',
};

describe('backoffDelay (full jitter, 1 s base, 30 s cap)', () => {
  it('stays within [0, min(cap, base·2^attempt))', () => {
    expect(backoffDelay(0, () => 0.999)).toBe(999);
    expect(backoffDelay(3, () => 0.5)).toBe(4_000);
    expect(backoffDelay(5, () => 0.999)).toBe(Math.floor(0.999 * BACKOFF_CAP_MS));
    expect(backoffDelay(40, () => 0.999)).toBeLessThan(BACKOFF_CAP_MS);
    expect(backoffDelay(7, () => 0)).toBe(0);
  });
});

describe('RealtimeClient', () => {
  it('opens one connection however often connect is called', () => {
    const { client, sockets } = setup();
    client.connect();
    client.connect();
    sockets[0]?.serverOpens();
    client.connect();
    expect(sockets).toHaveLength(1);
    expect(client.getStatus()).toBe('open');
  });

  it('sends only when the socket is open', () => {
    const { client, sockets } = setup();
    client.connect();
    expect(client.send({ type: 'ping' })).toBe(false);
    sockets[0]?.serverOpens();
    expect(client.send({ type: 'ping' })).toBe(true);
    expect(sockets[0]?.sent).toEqual(['{"type":"ping"}']);
  });

  it('calls the listeners of a message type with the checked payload, and ignores bad ones', () => {
    const { client, sockets } = setup();
    const onLog = vi.fn();
    const onSignIn = vi.fn();
    client.on('error-log.changed', onLog);
    client.on('sign-in', onSignIn);
    client.connect();
    sockets[0]?.serverOpens();
    sockets[0]?.serverSends('error-log.changed', errorLogEvent);
    sockets[0]?.serverSends('error-log.changed', { id: 'not a number' });
    sockets[0]?.serverSends('no-such-type', {});
    sockets[0]?.onmessage?.({ data: 'not json' });
    expect(onLog).toHaveBeenCalledTimes(1);
    expect(onLog).toHaveBeenCalledWith(errorLogEvent);
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it('reconnects with growing, jittered delays and refetches after it is back', () => {
    const { client, sockets, timers } = setup(() => 0.5);
    const refetch = vi.fn();
    client.onReconnect(refetch);
    client.connect();
    sockets[0]?.serverOpens();
    expect(refetch).not.toHaveBeenCalled();

    sockets[0]?.drops();
    expect(client.getStatus()).toBe('reconnecting');
    expect(timers.map((t) => t.ms)).toEqual([500]);
    timers[0]?.run();
    sockets[1]?.drops(); // the server is still down
    timers[1]?.run();
    sockets[2]?.drops();
    expect(timers.map((t) => t.ms)).toEqual([500, 1_000, 2_000]);
    timers[2]?.run();
    sockets[3]?.serverOpens();
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(client.getStatus()).toBe('open');

    // A success resets the backoff.
    sockets[3]?.drops();
    expect(timers[3]?.ms).toBe(500);
  });

  it('keeps listeners across reconnects', () => {
    const { client, sockets, timers } = setup();
    const onLog = vi.fn();
    client.on('error-log.changed', onLog);
    client.connect();
    sockets[0]?.serverOpens();
    sockets[0]?.drops();
    timers[0]?.run();
    sockets[1]?.serverOpens();
    sockets[1]?.serverSends('error-log.changed', errorLogEvent);
    expect(onLog).toHaveBeenCalledTimes(1);
  });

  it('does not reconnect after the session ended or after disconnect', () => {
    const ended = setup();
    ended.client.connect();
    ended.sockets[0]?.serverOpens();
    ended.sockets[0]?.drops(REALTIME_CLOSE.sessionEnded);
    expect(ended.timers).toHaveLength(0);
    expect(ended.client.getStatus()).toBe('idle');

    const closed = setup();
    closed.client.connect();
    closed.sockets[0]?.serverOpens();
    closed.client.disconnect();
    closed.sockets[0]?.drops(1000);
    expect(closed.timers).toHaveLength(0);
  });

  it('closes a socket still in its handshake once it opens, and only then resolves', async () => {
    const { client, sockets, timers } = setup();
    client.connect();
    let done = false;
    const closing = client.disconnect().then(() => {
      done = true;
    });
    await Promise.resolve();
    // Not closed mid-handshake (the browser would log that as an error) and not yet done,
    // so a sign-out request waits for the handshake.
    expect(sockets[0]?.closedByClient).toBe(false);
    expect(done).toBe(false);
    expect(client.getStatus()).toBe('idle');
    sockets[0]?.serverOpens();
    await closing;
    expect(sockets[0]?.closedByClient).toBe(true);
    expect(client.getStatus()).toBe('idle');
    // Its late events no longer reach the client, and nothing reconnects.
    sockets[0]?.drops(1000);
    expect(timers.filter((timer) => timer.ms !== HANDSHAKE_WAIT_MS)).toHaveLength(0);
    expect(sockets).toHaveLength(1);
  });

  it('gives up waiting on a handshake that fails or never ends', async () => {
    const failing = setup();
    failing.client.connect();
    const closing = failing.client.disconnect();
    failing.sockets[0]?.drops(1006);
    await closing;
    expect(failing.sockets[0]?.closedByClient).toBe(false);

    const stuck = setup();
    stuck.client.connect();
    const waiting = stuck.client.disconnect();
    const wait = stuck.timers.find((timer) => timer.ms === HANDSHAKE_WAIT_MS);
    expect(wait).toBeDefined();
    wait?.run();
    await waiting;
  });
});
