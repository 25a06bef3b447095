import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Run before every web test file (vitest.config.ts, the web project's setupFiles). The files
// of a worker share one jsdom (`isolate: false`), so nothing a test renders or stubs may outlive
// it: every test ends unmounted, with the real fetch and WebSocket back.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A wait for a state (findBy…, waitFor) gives up after 5 s rather than Testing Library's 1 s:
// a first render took 1.6 s with both cores busy. The test's own bound is 30 s.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no modal dialogs: the app's drawers and confirmations open a <dialog> with
// showModal() and close it with close(), so they open and close by the `open` attribute here.
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
