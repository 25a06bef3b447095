import { describe, expect, it } from 'vitest';
import { imageUploadInputSchema, isBase64 } from './photos';

describe('image upload input', () => {
  it('takes base64 with up to two padding characters and nothing else', () => {
    expect(isBase64('YSBwaWN0dXJl')).toBe(true); // 'a picture'
    expect(isBase64('QQ==')).toBe(true);
    expect(isBase64('QUI=')).toBe(true);
    expect(isBase64('QUJD')).toBe(true);
    expect(isBase64('Q===')).toBe(false);
    expect(isBase64('====')).toBe(false);
    expect(isBase64('')).toBe(false);
    expect(isBase64('QU=J')).toBe(false);
    expect(isBase64('QU J')).toBe(false);
    expect(isBase64('QU-_')).toBe(false);
  });

  it('checks 14 MB of base64 in one go, however many times, without exhausting the stack', () => {
    // The regular expression it replaced threw RangeError here once V8 had tiered it up.
    // 10 MB + 1 bytes of 0x01, encoded (the contracts have no Node types: no Buffer here).
    const dataBase64 = `${'AQEB'.repeat(3_495_253)}AQE=`;
    for (let n = 0; n < 20; n += 1) {
      const parsed = imageUploadInputSchema.safeParse({ dataBase64 });
      expect(parsed.success).toBe(true);
    }
    const broken = imageUploadInputSchema.safeParse({ dataBase64: `${dataBase64.slice(1)}!` });
    expect(broken.error?.issues[0]?.message).toBe('The file did not arrive whole; try again.');
  });
});
