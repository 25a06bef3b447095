import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, replyError } from '../../../testing/fake-api';
import { reportError } from './report-error';

afterEach(() => {
  vi.unstubAllGlobals();
});

const config = (productionHost: string | null) => () => ({
  productionHost,
  tileUrl: null,
  tileAttribution: '',
  agency: { name: 'Pinpoint Local', email: 'hello@pinpointlocal.com', phone: '+15125550100' },
});

const error = {
  message: "Cannot read properties of undefined (reading 'atrp')",
  stack: 'TypeError: Cannot read properties of undefined\n    at GridLegend (grid.tsx:41)',
};

describe('reportError', () => {
  it('stores the error in the error log on the production host', async () => {
    const api = fakeApi({
      'GET /api/app-config': config(window.location.host),
      'POST /api/status/create': () => ({ id: 77, count: 1, resolved: false }),
    });
    expect(await reportError(error)).toBe(true);
    const sent = api.calls.find((c) => c.method === 'POST');
    expect(sent?.data).toEqual({
      message: error.message,
      page: window.location.pathname,
      stack: error.stack,
      browser: navigator.userAgent,
    });
  });

  it('reports nothing on any other host, or when no production host is set', async () => {
    for (const host of ['app.pinpointlocal.com', null]) {
      const api = fakeApi({
        'GET /api/app-config': config(host),
        'POST /api/status/create': () => ({ id: 77, count: 1, resolved: false }),
      });
      expect(await reportError(error)).toBe(false);
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/app-config']);
    }
  });

  it('fails when the error log refuses the report', async () => {
    fakeApi({
      'GET /api/app-config': config(window.location.host),
      'POST /api/status/create': () => replyError(429, 'RATE_LIMITED', 'Too many error reports.'),
    });
    await expect(reportError(error)).rejects.toThrow('Too many error reports.');
  });
});
