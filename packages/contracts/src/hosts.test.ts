import { describe, expect, it } from 'vitest';
import { isDevHost } from './hosts';

describe('dev hosts', () => {
  it.each(['localhost', '127.0.0.1', '[::1]', 'dev.pinpoint.example', 'DEV.x.io'])(
    '%s is a dev host',
    (h) => expect(isDevHost(h)).toBe(true),
  );
  it.each(['pinpoint.example', 'app.dev.example', 'localhost.evil.example', '127.0.0.2'])(
    '%s is not',
    (h) => expect(isDevHost(h)).toBe(false),
  );
});
