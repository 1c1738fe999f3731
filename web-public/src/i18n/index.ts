import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, type Language, storeLanguage } from '../lib/language';
import type { Resources } from './en';
import { loadTexts } from './texts';

const NAMESPACE = 'translation';

/**
 * A fresh i18next instance in a language, with that language's texts only (tests create their own so
 * they do not share state): another language's texts come when switchLanguage switches to it.
 */
export function createI18n(language: Language, texts: Resources): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { [language]: { [NAMESPACE]: texts } },
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: ['de', 'en'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instance.on('languageChanged', (lng) => {
    if (lng === 'de' || lng === 'en') {
      storeLanguage(lng);
      document.documentElement.lang = lng;
    }
  });
  document.documentElement.lang = language;
  return instance;
}

/** The language each instance was last asked to switch to: a switch still loading must not undo a later one. */
const requested = new WeakMap<i18n, Language>();

/**
 * Switches to a language once its texts are there (loaded on the first switch to it), so that no screen
 * shows keys meanwhile; if they cannot be loaded, the site stays in its language. Use this, not
 * i18n.changeLanguage, which would switch to a language without texts.
 */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  requested.set(instance, language);
  if (!instance.hasResourceBundle(language, NAMESPACE)) {
    const texts = await loadTexts(language).catch(() => null);
    if (!texts) return;
    instance.addResourceBundle(language, NAMESPACE, texts);
  }
  if (requested.get(instance) === language) await instance.changeLanguage(language);
}

export function currentLanguage(instance: i18n): Language {
  return instance.language === 'de' ? 'de' : 'en';
}
