import { beforeEach, describe, expect, it } from 'vitest';
import { testI18n } from '../test/i18n';
import { de } from './de';
import { en } from './en';
import { switchLanguage } from './index';

function leaves(obj: object, prefix = ''): Record<string, string> {
  return Object.entries(obj).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? { ...acc, [key]: v } : { ...acc, ...leaves(v as object, key) };
  }, {});
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const enLeaves = leaves(en);
  const deLeaves = leaves(de);

  it('have the same keys in de and en', () => expect(Object.keys(deLeaves).sort()).toEqual(Object.keys(enLeaves).sort()));

  it('use the same {{placeholders}} in de and en', () => {
    for (const key of Object.keys(enLeaves)) expect(placeholders(deLeaves[key]), key).toEqual(placeholders(enLeaves[key]));
  });

  it('address the student as du throughout the German texts (README.md): no Sie, Ihr, Ihnen', () => {
    for (const [key, value] of Object.entries(deLeaves)) expect(value, key).not.toMatch(/(^|[^\p{L}])(Sie|Ihnen|Ihr\p{L}*)(?!\p{L})/u);
  });

  it('have no empty texts', () => {
    for (const [key, value] of Object.entries({ ...enLeaves, ...deLeaves })) expect(value.trim(), key).not.toBe('');
  });

  it.each([
    'missing', 'invalid', 'not_matching', 'INVALID_SIZE', 'INVALID_DIMENSION', 'TOO_MANY_PIXELS', 'INVALID_IMAGE', 'INVALID_GENDER',
    'INVALID_ZIP', 'INVALID_EMAIL', 'INVALID_COUNTRY', 'INVALID_LANGUAGE', 'TOO_YOUNG', 'TOO_OLD', 'CURRENCY',
    'NOT_NULL', 'STRING_MIN', 'STRING_MAX', 'SINGLE_LINE', 'INVALID_CHARACTER', 'INVALID_ID', 'NOT_A_PDF', 'INVALID_FILETYPE', 'TOO_MANY_MAILS', 'doc_too_large',
  ])('translate the validation code %s', (code) => {
    expect(enLeaves[`validation.${code}`]).toBeTruthy();
    expect(deLeaves[`validation.${code}`]).toBeTruthy();
  });

  it('keep the texts SPEC prescribes', () => {
    expect(en.booking.step1.failedTitle).toBe('Ouch! Somebody was faster than you');
    expect(en.booking.success.title).toBe('Booking was successful!');
    expect(en.errors.backend).toBe('Backend Error');
    expect(en.errors.occurred).toBe('error occurred: {{message}}');
    expect(en.errors.missingApartmentId).toBe('Missing apartment-id query param in url');
    expect(en.errors.missingRentingId).toBe('Missing renting-id query param in url');
  });
});

describe('the booking limit message (TOO_MANY_REQUESTS)', () => {
  it.each([
    ['de', 'Zu viele Buchungsanfragen von hier. Bitte versuche es in 10 Min. erneut.'],
    ['en', 'Too many booking requests from here. Please try again in 10 min.'],
  ] as const)('in %s says when to try again', (language, text) =>
    expect(testI18n(language).t('errors.tooManyRequests', { minutes: '10' })).toBe(text));
});

describe('the limit of mails to one address (TOO_MANY_MAILS)', () => {
  it.each([
    ['de', 'Wir haben dieser E-Mail-Adresse gerade schon mehrere Mails geschickt. Bitte schau in dein Postfach oder versuche es in 10 Min. erneut.'],
    ['en', 'We have sent several mails to this e-mail address just now. Please look in your inbox, or try again in 10 min.'],
  ] as const)('in %s says to look in the inbox or when to try again', (language, text) =>
    expect(testI18n(language).t('validation.TOO_MANY_MAILS', { minutes: '10' })).toBe(text));
});

describe('switching the language', () => {
  beforeEach(() => localStorage.clear());

  it('starts with the texts of its own language only and loads the other language on the switch to it', async () => {
    const i18n = testI18n('en');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    await switchLanguage(i18n, 'de');
    expect(i18n.t('header.language')).toBe('Sprache');
    expect(localStorage.getItem('language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('stays in its language until the texts of the new one are there: no key shows meanwhile', async () => {
    const i18n = testI18n('de');
    const switching = switchLanguage(i18n, 'en');
    expect(i18n.language).toBe('de');
    expect(i18n.t('header.language')).toBe('Sprache');
    await switching;
    expect(i18n.t('header.language')).toBe('Language');
  });

  it('ends in the language chosen last, even when an earlier choice loads after it', async () => {
    const i18n = testI18n('en');
    const toGerman = switchLanguage(i18n, 'de');
    const backToEnglish = switchLanguage(i18n, 'en');
    await Promise.all([toGerman, backToEnglish]);
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });
});
