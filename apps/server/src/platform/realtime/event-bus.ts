import type { RealtimeEventPayload, RealtimeEventType } from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';

/**
 * Who may receive an event. Services say it when they publish; the socket layer applies
 * it to each connection's principal, so a client never receives another client's events.
 */
export type Audience =
  /** Members of the client company, the employees assigned to it, and admins. */
  | { client: number }
  /** Employees and admins (staff tools such as the live reports). */
  | { staff: true }
  /** One user, on every tab and device they have open. */
  | { user: number }
  /** One session (by token hash): its sockets, whichever process holds them. */
  | { session: string }
  /** Every signed-in user (announcements; never client data). */
  | { everyone: true };

export interface DomainEvent<T extends RealtimeEventType = RealtimeEventType> {
  type: T;
  payload: RealtimeEventPayload<T>;
  audience: Audience;
}

/** The receiving end of a socket, as far as delivery rules need it. */
export interface Recipient {
  principal: Principal;
  sessionHash: string;
}

export function mayReceive({ principal, sessionHash }: Recipient, audience: Audience): boolean {
  if ('session' in audience) return sessionHash === audience.session;
  if ('client' in audience) return canAccessClient(principal, audience.client);
  if ('staff' in audience) return principal.perm || principal.admin;
  if ('user' in audience) return principal.userId === audience.user;
  return true;
}

/** What services get: raise an event, never wait on or fail because of delivery. */
export interface EventPublisher {
  publish<T extends RealtimeEventType>(event: DomainEvent<T>): void;
}

/** For code that runs without the socket layer (seeding, scripts). */
export const NO_EVENTS: EventPublisher = { publish: () => {} };

export type EventListener = (event: DomainEvent) => void;

/**
 * Carries domain events from the services that raise them to every server process's
 * socket layer. In one process a plain in-memory fan-out; with PostgreSQL, LISTEN/NOTIFY.
 */
export interface EventBus {
  publish<T extends RealtimeEventType>(event: DomainEvent<T>): Promise<void>;
  subscribe(listener: EventListener): () => void;
  /** Whether events can currently be delivered (the status page's realtime probe). */
  healthy(): boolean;
  close(): Promise<void>;
}

/** Fans an event out to this process's listeners; one listener's failure spares the others. */
export function createFanOut(onListenerError: (error: unknown) => void) {
  const listeners = new Set<EventListener>();
  return {
    subscribe(listener: EventListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deliver(event: DomainEvent) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
  };
}

/** One process (PGlite, or tests): events never need to leave it. */
export function createLocalEventBus(onListenerError: (error: unknown) => void): EventBus {
  const fanOut = createFanOut(onListenerError);
  return {
    publish: async (event) => {
      // Delivered on the next tick, as LISTEN/NOTIFY would: a publisher never runs socket
      // code inside its own transaction or request.
      queueMicrotask(() => fanOut.deliver(event as DomainEvent));
    },
    subscribe: fanOut.subscribe,
    healthy: () => true,
    close: async () => {},
  };
}

/** The payload of `event` when it is of the given type (DomainEvent's payload is not narrowed). */
export function payloadIf<T extends RealtimeEventType>(
  event: DomainEvent,
  type: T,
): RealtimeEventPayload<T> | null {
  return event.type === type ? (event.payload as RealtimeEventPayload<T>) : null;
}
