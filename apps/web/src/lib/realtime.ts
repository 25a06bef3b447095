import {
  REALTIME_CLOSE,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type RealtimeClientMessage,
  type RealtimeEventPayload,
  type RealtimeEventType,
} from '@pinpoint/contracts';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** SPEC §9 / issue: exponential backoff with full jitter, 1 s base, 30 s cap. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;
/** How long a sign-out waits for a socket's handshake to end before going ahead anyway. */
export const HANDSHAKE_WAIT_MS = 3_000;

/** Full jitter: a uniformly random wait in [0, min(cap, base · 2^attempt)). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt));
}

type Listener<T extends RealtimeEventType> = (payload: RealtimeEventPayload<T>) => void;

export interface RealtimeDeps {
  url: () => string;
  createSocket: (url: string) => WebSocket;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  random: () => number;
}

const browserDeps: RealtimeDeps = {
  url: () =>
    `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${REALTIME_PATH}`,
  createSocket: (url) => new WebSocket(url),
  setTimer: (run, ms) => window.setTimeout(run, ms),
  clearTimer: (timer) => window.clearTimeout(timer as number),
  random: Math.random,
};

/**
 * The tab's one realtime connection (SPEC §1, §7). `connect` opens it only if it is not
 * already open or opening; listeners are kept per message type and survive reconnects;
 * `send` sends only on an open socket. Events are not replayed, so after a reconnect the
 * `onReconnect` callbacks refetch whatever may have changed meanwhile.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private status: RealtimeStatus = 'idle';
  private attempt = 0;
  private everOpened = false;
  private retryTimer: unknown = null;
  private wanted = false;
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly statusListeners = new Set<() => void>();

  constructor(private readonly deps: RealtimeDeps = browserDeps) {}

  connect(): void {
    this.wanted = true;
    if (this.socket || this.retryTimer !== null) return;
    this.open();
  }

  /**
   * Closes for good (sign-out, leaving the signed-in area): no reconnect. Resolves once no
   * upgrade request is in flight, so a sign-out sent after it cannot overtake the socket's
   * handshake (the server would refuse the upgrade and the browser log it as an error).
   */
  disconnect(): Promise<void> {
    this.wanted = false;
    if (this.retryTimer !== null) this.deps.clearTimer(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.attempt = 0;
    this.everOpened = false;
    this.setStatus('idle');
    return socket ? this.closeWhenSettled(socket) : Promise.resolve();
  }

  on<T extends RealtimeEventType>(type: T, listener: Listener<T>): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    const wrapped = listener as (payload: unknown) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Sends when the socket is open; otherwise drops the message and says so. */
  send(message: RealtimeClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  getStatus = (): RealtimeStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  private setStatus(status: RealtimeStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private open() {
    this.setStatus(this.everOpened ? 'reconnecting' : 'connecting');
    const socket = this.deps.createSocket(this.deps.url());
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      this.setStatus('open');
      if (reconnected) for (const listener of this.reconnectListeners) listener();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.dispatch(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // Signed out (here or in another tab): nothing to reconnect to until sign-in.
      if (!this.wanted || event.code === REALTIME_CLOSE.sessionEnded) {
        this.wanted = false;
        this.setStatus('idle');
        return;
      }
      this.scheduleReconnect();
    };
  }

  /**
   * Closing a socket mid-handshake makes the browser log "closed before the connection is
   * established" as an error, so one still connecting is closed as soon as it opens (or
   * given up on once it fails). A handshake that never ends is waited for at most a while.
   */
  private closeWhenSettled(socket: WebSocket): Promise<void> {
    if (socket.readyState !== WebSocket.CONNECTING) {
      socket.close(1000, 'Closed by the app');
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = this.deps.setTimer(resolve, HANDSHAKE_WAIT_MS);
      const settled = () => {
        this.deps.clearTimer(timer);
        resolve();
      };
      socket.onmessage = null;
      socket.onopen = () => {
        socket.close(1000, 'Closed by the app');
        settled();
      };
      socket.onclose = settled;
    });
  }

  private scheduleReconnect() {
    const delay = backoffDelay(this.attempt, this.deps.random);
    this.attempt += 1;
    this.setStatus('reconnecting');
    this.retryTimer = this.deps.setTimer(() => {
      this.retryTimer = null;
      if (this.wanted) this.open();
    }, delay);
  }

  private dispatch(data: unknown) {
    let message: { type?: unknown; payload?: unknown };
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    const type = message.type;
    if (typeof type !== 'string' || !(type in REALTIME_EVENTS)) return;
    const parsed = REALTIME_EVENTS[type as RealtimeEventType].safeParse(message.payload);
    if (!parsed.success) {
      console.warn(`Ignored a malformed "${type}" message`, parsed.error.issues);
      return;
    }
    for (const listener of this.listeners.get(type) ?? []) listener(parsed.data);
  }
}

/** The tab's single connection. */
export const realtime = new RealtimeClient();
