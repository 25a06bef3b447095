import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { breakpoints, sidebarOpenByDefault } from './breakpoints';

describe('breakpoints', () => {
  it('are the spec’s 576/768/992/1200/1400', () => {
    expect(Object.values(breakpoints)).toEqual([576, 768, 992, 1200, 1400]);
  });

  it('match the ones compiled into the Bootstrap stylesheet we ship', () => {
    const require = createRequire(import.meta.url);
    const css = fs.readFileSync(require.resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8');
    for (const [name, px] of Object.entries(breakpoints)) {
      expect(css).toContain(`--bs-breakpoint-${name}:${px}px`);
    }
  });

  it('open the sidebar from 768 px wide', () => {
    expect(sidebarOpenByDefault(767)).toBe(false);
    expect(sidebarOpenByDefault(768)).toBe(true);
  });
});
