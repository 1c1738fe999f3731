import type { i18n } from 'i18next';
import { createI18n } from '../i18n';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import type { Language } from '../lib/language';

/**
 * An i18next instance made at once, with the texts of its language only, as the app starts (the tests
 * import both languages' texts directly); switching to the other language loads its texts as in the app.
 */
export function testI18n(language: Language): i18n {
  return createI18n(language, { de, en }[language]);
}
