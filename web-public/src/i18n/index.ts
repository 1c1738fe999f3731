import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, type Language, initialLanguage, storeLanguage } from '../lib/language';
import { de } from './de';
import { en } from './en';

export const resources = { en: { translation: en }, de: { translation: de } } as const;

/** A fresh i18next instance (tests create their own so they do not share state). */
export function createI18n(language: Language = initialLanguage()): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
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

export function currentLanguage(instance: i18n): Language {
  return instance.language === 'de' ? 'de' : 'en';
}
