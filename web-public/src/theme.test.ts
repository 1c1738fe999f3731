import { describe, expect, it } from 'vitest';
import { contrastRatio } from './lib/contrast';
import { ERROR_COLOR, FREE_TAG_STYLE, PRIMARY_COLOR, SECONDARY_TEXT } from './theme';

describe('theme', () => {
  it('primary colour meets WCAG AA with white text', () => {
    expect(contrastRatio(PRIMARY_COLOR, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
  it("antd's default blue would not", () => {
    expect(contrastRatio('#1677ff', '#ffffff')).toBeLessThan(4.5);
  });
  it('secondary text meets WCAG AA on white and on the page background', () => {
    expect(contrastRatio(SECONDARY_TEXT, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(SECONDARY_TEXT, '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
  });
  it('error texts meet WCAG AA on white, the page background and an error alert', () => {
    for (const bg of ['#ffffff', '#f5f5f5', '#fff2f0']) expect(contrastRatio(ERROR_COLOR, bg)).toBeGreaterThanOrEqual(4.5);
  });
  it("the free apartment's tag meets WCAG AA", () => {
    expect(contrastRatio(FREE_TAG_STYLE.color, FREE_TAG_STYLE.background)).toBeGreaterThanOrEqual(4.5);
  });
});
