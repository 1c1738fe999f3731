import type { Page } from '@playwright/test';
import { de } from '../../src/i18n/de';
import { en, type Resources } from '../../src/i18n/en';

/** The site's languages with their texts: tests that check texts run in each. */
export const LANGUAGES: [string, Resources][] = [
  ['en', en],
  ['de', de],
];

/** Opens the site in a language from now on, as a returning visitor whose choice is stored. */
export async function useLanguage(page: Page, language: string): Promise<void> {
  await page.addInitScript((l) => window.localStorage.setItem('language', l), language);
}

/** Switches the page shown to a language: the stored choice, then a reload. */
export async function reloadIn(page: Page, language: string): Promise<void> {
  await page.evaluate((l) => window.localStorage.setItem('language', l), language);
  await page.reload();
}
