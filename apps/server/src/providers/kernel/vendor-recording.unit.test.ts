import { describe, expect, it } from 'vitest';
import { VendorError } from './vendor-errors';
import {
  fetchVendorRecording,
  MAX_RECORDING_BYTES,
  type VendorRecordingFetch,
} from './vendor-recording';

/**
 * The recording fetch both call adapters use (CallTrackingMetrics and Local Services Ads),
 * against an in-memory `fetch`: what reaches the vendor, and how each answer comes back.
 * The adapters' own tests show it against their fake vendor servers.
 */
function setup(answer: (url: URL) => Response | Promise<Response>) {
  const seen: { url: string; authorization: string | null }[] = [];
  const counted: boolean[] = [];
  const steps: string[] = [];
  const options = (over: Partial<VendorRecordingFetch> = {}): VendorRecordingFetch => ({
    vendor: 'test-vendor',
    label: 'Test Vendor',
    target: new URL('https://api.vendor.test/recordings/1.mp3'),
    apiBase: 'https://api.vendor.test/v1',
    vendorHosts: /(^|\.)vendor-media\.test$/,
    hostsName: 'Test Vendor',
    authorization: () => {
      steps.push('credential');
      return 'Bearer secret';
    },
    beforeFetch: async () => void steps.push('pause'),
    refused: (response) =>
      new VendorError('test-vendor', 'rate_limited', `refused ${response.status}`),
    timeoutMs: 5_000,
    fetchImpl: async (input, init) => {
      const url = new URL(String(input));
      seen.push({
        url: url.toString(),
        authorization: new Headers(init?.headers).get('authorization'),
      });
      steps.push('request');
      return answer(url);
    },
    recordCall: async (_vendor, ok) => void counted.push(ok),
    ...over,
  });
  return { options, seen, counted, steps };
}

const mp3 = (headers: Record<string, string> = {}) =>
  new Response(Buffer.from('ID3fake'), {
    headers: { 'content-type': 'Audio/MPEG; charset=binary', ...headers },
  });

describe('fetchVendorRecording', () => {
  it('fetches from the API origin or a vendor host with the credential, after the pause', async () => {
    const t = setup(() => mp3());
    const fromApi = await fetchVendorRecording(t.options());
    expect(fromApi).toEqual({ contentType: 'audio/mpeg', bytes: Buffer.from('ID3fake') });
    const media = new URL('https://cdn.vendor-media.test/a.mp3');
    await fetchVendorRecording(t.options({ target: media }));
    expect(t.seen).toEqual([
      { url: 'https://api.vendor.test/recordings/1.mp3', authorization: 'Bearer secret' },
      { url: media.toString(), authorization: 'Bearer secret' },
    ]);
    expect(t.steps).toEqual(['pause', 'credential', 'request', 'pause', 'credential', 'request']);
    expect(t.counted).toEqual([true, true]);
  });

  it('refuses any other host, or a vendor host over plain http, before reading the credential', async () => {
    const t = setup(() => mp3());
    for (const link of ['https://evil.example/a.mp3', 'http://cdn.vendor-media.test/a.mp3']) {
      const refused = await fetchVendorRecording(t.options({ target: new URL(link) })).catch(
        (e: unknown) => e,
      );
      expect(refused).toMatchObject({
        vendor: 'test-vendor',
        code: 'invalid',
        message: 'The recording link does not point at Test Vendor.',
      });
    }
    expect(t.steps).toEqual([]);
    expect(t.counted).toEqual([]);
  });

  it('caps the size by the declared length and by what arrived', async () => {
    const declared = setup(() => mp3({ 'content-length': String(MAX_RECORDING_BYTES + 1) }));
    expect(await fetchVendorRecording(declared.options()).catch((e: unknown) => e)).toMatchObject({
      code: 'unavailable',
      message: 'Test Vendor recording could not be fetched.',
    });
    expect(declared.counted).toEqual([false]);

    const arrived = setup(
      () =>
        new Response(Buffer.alloc(MAX_RECORDING_BYTES + 1), { headers: { 'content-length': '' } }),
    );
    expect(await fetchVendorRecording(arrived.options()).catch((e: unknown) => e)).toMatchObject({
      code: 'invalid',
      message: 'The recording is too large.',
    });
    expect(arrived.counted).toEqual([true]);
  });

  it("counts an outage as failed and gives the vendor's own error for a refusal", async () => {
    const down = setup(() => {
      throw new TypeError('fetch failed');
    });
    expect(await fetchVendorRecording(down.options()).catch((e: unknown) => e)).toMatchObject({
      code: 'unavailable',
    });
    expect(down.counted).toEqual([false]);

    const limited = setup(() => new Response('slow down', { status: 429 }));
    expect(await fetchVendorRecording(limited.options()).catch((e: unknown) => e)).toMatchObject({
      code: 'rate_limited',
      message: 'refused 429',
    });
    expect(limited.counted).toEqual([false]);
  });

  it('passes a missing credential on as the vendor said it, without counting a call', async () => {
    const t = setup(() => mp3());
    const noToken = new VendorError('test-vendor', 'auth', 'Test Vendor is not connected.');
    const failed = await fetchVendorRecording(
      t.options({
        authorization: () => {
          throw noToken;
        },
      }),
    ).catch((e: unknown) => e);
    expect(failed).toBe(noToken);
    expect(t.seen).toEqual([]);
    expect(t.counted).toEqual([]);
  });
});
