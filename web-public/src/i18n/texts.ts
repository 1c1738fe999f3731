import type { Language } from '../lib/language';
import type { Resources } from './en';

/**
 * A language's texts. Each language is a chunk of its own: a visitor loads the texts of the language
 * they start in and another language's only when they switch to it.
 */
export function loadTexts(language: Language): Promise<Resources> {
  return language === 'de' ? import('./de').then((m) => m.de) : import('./en').then((m) => m.en);
}
