/**
 * The browser's WebSocket, replaced (`vi.stubGlobal('WebSocket', FakeSocket)`) so a component
 * test can open the tab's realtime client and push a message through it:
 * `FakeSocket.last.onopen()`, then `onmessage({ data: JSON.stringify({ type, payload }) })`.
 */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}
