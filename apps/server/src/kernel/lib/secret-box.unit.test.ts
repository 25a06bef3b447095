import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, parseSecretKey, resolveSecretKey } from './secret-box';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the secret box (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed; two seals of one secret differ; no plain text in the seal', () => {
    const secret = JSON.stringify({ accessToken: 'ya29.token-value' });
    const a = box.seal(secret);
    const b = box.seal(secret);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('ya29');
    expect(box.open(a)).toBe(secret);
    expect(box.open(b)).toBe(secret);
  });

  it('refuses a tampered seal and one made with another key', () => {
    const sealed = box.seal('secret');
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('not sealed')).toThrow(/Not a sealed secret/);
  });

  it('reads keys as hex or base64 of 32 bytes only', () => {
    expect(parseSecretKey('0f'.repeat(32))?.length).toBe(32);
    expect(parseSecretKey(randomBytes(32).toString('base64'))?.length).toBe(32);
    expect(parseSecretKey('0f'.repeat(16))).toBeNull();
    expect(parseSecretKey('a passphrase is not a key')).toBeNull();
  });

  it('generates a key once into the data folder (owner-only) and reads it back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinpoint-secret-'));
    dirs.push(dir);
    const first = resolveSecretKey(null, dir);
    const file = path.join(dir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSecretKey(null, dir)).toEqual(first);
    const configured = randomBytes(32);
    expect(resolveSecretKey(configured, dir)).toEqual(configured);
  });
});
