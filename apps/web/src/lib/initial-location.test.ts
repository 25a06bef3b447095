import { describe, expect, it } from 'vitest';
import { initialLocationAction } from './initial-location';

function at(href: string) {
  const url = new URL(href);
  return initialLocationAction({ href, hostname: url.hostname, hash: url.hash });
}

describe('initial location', () => {
  it('drops a www prefix and keeps path, query and hash', () => {
    expect(at('https://www.pinpoint.example/dashboard?x=1#reviews')).toEqual({
      kind: 'redirect',
      url: 'https://pinpoint.example/dashboard?x=1#reviews',
    });
  });

  it('turns a #/ hash route into a path', () => {
    expect(at('https://pinpoint.example/#/dashboard/overview?tab=2')).toEqual({
      kind: 'replace',
      path: '/dashboard/overview?tab=2',
    });
  });

  it('leaves ordinary addresses and in-page anchors alone', () => {
    expect(at('https://pinpoint.example/login')).toEqual({ kind: 'none' });
    expect(at('https://pinpoint.example/#features')).toEqual({ kind: 'none' });
    expect(at('http://wwwidget.example/')).toEqual({ kind: 'none' });
  });
});
