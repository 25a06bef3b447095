import { describe, expect, it } from 'vitest';
import { tileImageSource } from './security';

describe('tileImageSource', () => {
  it('allows the tile server’s origin, with {s} as a subdomain wildcard', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileImageSource('https://{s}.tiles.example/{z}/{x}/{y}.png')).toBe(
      'https://*.tiles.example',
    );
  });

  it('allows nothing without tiles or with a placeholder in the host', () => {
    expect(tileImageSource(null)).toBeNull();
    expect(tileImageSource('https://{r}.tiles.example/{z}/{x}/{y}.png')).toBeNull();
  });
});
