import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The widths every page is checked at: a phone and a desktop. */
const WIDTHS = [390, 1280];

/**
 * No axe violation of any impact (WCAG 2.0/2.1 A and AA rules) on the page as it is now, at a phone's
 * and at a desktop's width; the viewport is left as it was.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const before = page.viewportSize();
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: before?.height ?? 800 });
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = result.violations.map(
        (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')})`,
      );
      expect(bad, `axe violations on ${what} at ${width} px`).toEqual([]);
    }
  } finally {
    if (before) await page.setViewportSize(before);
  }
}
