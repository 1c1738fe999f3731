import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language';

describe('detectLanguage', () => {
  it.each([
    ['stored de wins over browser en', 'de', ['en-US'], 'de'],
    ['stored en wins over browser de', 'en', ['de-DE'], 'en'],
    ['unsupported stored value is ignored', 'fr', ['de-AT', 'en'], 'de'],
    ['empty stored value is ignored', '', ['de'], 'de'],
    ['no storage: browser prefix match', null, ['de-CH'], 'de'],
    ['first supported browser language wins', null, ['fr-FR', 'en-GB', 'de-DE'], 'en'],
    ['upper-case browser tag matches', null, ['DE_de'], 'de'],
    ['nothing supported falls back to en', null, ['fr', 'it'], 'en'],
    ['no browser languages falls back to en', undefined, [], 'en'],
    ['stored value is case-sensitive', 'DE', ['fr'], 'en'],
  ])('%s', (_name, stored, browser, expected) => {
    expect(detectLanguage(stored as string | null | undefined, browser as string[])).toBe(expected);
  });
});
