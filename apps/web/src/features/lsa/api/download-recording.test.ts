import { LSA_RECORDING_TYPE_ERROR } from '@pinpoint/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadRecording } from './download-recording';

const answer = (body: BodyInit, status: number, type: string) =>
  vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } }));

afterEach(() => vi.unstubAllGlobals());

describe('downloadRecording (SPEC §5)', () => {
  it('accepts audio/mpeg and asks for it directly, not through the gateway', async () => {
    const fetchMock = answer(new Uint8Array([0xff, 0xf3, 0x44]), 200, 'audio/mpeg');
    vi.stubGlobal('fetch', fetchMock);
    const blob = await downloadRecording(12, 34, 56);
    expect(blob.size).toBe(3);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/lsa/calls/recording');
    expect(JSON.parse(String(init.body))).toEqual({
      productId: 12,
      leadId: 34,
      conversationId: 56,
    });
  });

  it('fails with the SPEC message for any other content type', async () => {
    vi.stubGlobal('fetch', answer('<html></html>', 200, 'text/html; charset=utf-8'));
    await expect(downloadRecording(1, 2)).rejects.toThrow(new Error(LSA_RECORDING_TYPE_ERROR));
    vi.stubGlobal('fetch', answer('{"ok":true}', 200, 'application/json'));
    await expect(downloadRecording(1, 2)).rejects.toThrow(LSA_RECORDING_TYPE_ERROR);
  });

  it('keeps our own refusal message (no access) rather than the type error', async () => {
    const body = JSON.stringify({
      error: { code: 'FORBIDDEN', message: 'You do not have access to this.' },
      reason: 'access denied',
    });
    vi.stubGlobal('fetch', answer(body, 403, 'application/json; charset=utf-8'));
    await expect(downloadRecording(1, 2)).rejects.toThrow('You do not have access to this.');
  });
});
