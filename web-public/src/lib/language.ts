export const SUPPORTED_LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language the app starts in: the stored choice if it is supported, else the first of the
 * browser's languages whose prefix (de-AT → de) is supported, else en.
 */
export function detectLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (isSupportedLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const prefix = tag.toLowerCase().split(/[-_]/)[0];
    if (isSupportedLanguage(prefix)) return prefix;
  }
  return FALLBACK_LANGUAGE;
}

function safeStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readStoredLanguage(): string | null {
  return safeStorage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
}

export function storeLanguage(language: Language): void {
  safeStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

export function initialLanguage(): Language {
  return detectLanguage(readStoredLanguage(), browserLanguages());
}
