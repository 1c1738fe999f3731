import { describe, expect, it } from 'vitest';
import { contrastRatio } from './lib/contrast';
import { PRIMARY_COLOR } from './theme';

describe('theme', () => {
  it('primary colour meets WCAG AA with white text', () => {
    expect(contrastRatio(PRIMARY_COLOR, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
  it("antd's default blue would not", () => {
    expect(contrastRatio('#1677ff', '#ffffff')).toBeLessThan(4.5);
  });
});
