import { CALL_RECORDING_TYPE_ERROR } from '@pinpoint/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCallRecording } from './download-call-recording';

const answer = (body: BodyInit, status: number, type: string) =>
  vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } }));

afterEach(() => vi.unstubAllGlobals());

describe('downloadCallRecording (SPEC §5)', () => {
  it('accepts audio/mpeg, asked for directly, not through the gateway', async () => {
    const fetchMock = answer(new Uint8Array([0xff, 0xf3, 0x44]), 200, 'audio/mpeg');
    vi.stubGlobal('fetch', fetchMock);
    const blob = await downloadCallRecording(12, 34);
    expect(blob.size).toBe(3);
    const [url] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/uni/products/ctm/12/calls/34/recording');
  });

  it('fails with the SPEC message for any other content type', async () => {
    vi.stubGlobal('fetch', answer('<html></html>', 200, 'text/html; charset=utf-8'));
    await expect(downloadCallRecording(1, 2)).rejects.toThrow(new Error(CALL_RECORDING_TYPE_ERROR));
    vi.stubGlobal('fetch', answer('{"ok":true}', 200, 'application/json'));
    await expect(downloadCallRecording(1, 2)).rejects.toThrow(CALL_RECORDING_TYPE_ERROR);
  });

  it('keeps our own refusal message rather than the type error', async () => {
    const body = JSON.stringify({
      error: { code: 'NOT_FOUND', message: 'This call has no recording.' },
    });
    vi.stubGlobal('fetch', answer(body, 404, 'application/json; charset=utf-8'));
    await expect(downloadCallRecording(1, 2)).rejects.toThrow('This call has no recording.');
  });
});
