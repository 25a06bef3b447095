import { describe, expect, it } from 'vitest';
import { niceLength } from './heatmap-png';

describe('the heatmap PNG scale bar', () => {
  it('picks round scale-bar lengths', () => {
    expect(niceLength(3.7)).toBe(2);
    expect(niceLength(0.6)).toBe(0.5);
    expect(niceLength(12)).toBe(10);
  });
});
