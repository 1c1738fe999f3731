import { describe, expect, it } from 'vitest';
import {
  birthdayForInput,
  birthdayPlaceholder,
  checkBirthday,
  checkConfirmEmail,
  checkEmail,
  checkRequired,
  dataUrlToBase64,
  isAcceptedFile,
  parseBirthday,
} from './formRules';

describe('checkRequired', () => {
  it.each([
    [undefined, 'missing'],
    [null, 'missing'],
    ['', 'missing'],
    ['   ', 'missing'],
    [[], 'missing'],
    ['Heidelberg', undefined],
    [['file'], undefined],
  ])('%j → %s', (value, expected) => expect(checkRequired(value)).toBe(expected));
});

describe('checkEmail', () => {
  it('is missing when empty', () => expect(checkEmail('')).toBe('missing'));
  it('is invalid without @', () => expect(checkEmail('anna.example.org')).toBe('invalid'));
  it('accepts an address with @', () => expect(checkEmail('anna@example.org')).toBeUndefined());
});

describe('checkConfirmEmail', () => {
  it('is missing when empty', () => expect(checkConfirmEmail('a@b.de', '')).toBe('missing'));
  it('does not match another address', () => expect(checkConfirmEmail('a@b.de', 'a@c.de')).toBe('not_matching'));
  it('matches the same address', () => expect(checkConfirmEmail('a@b.de', 'a@b.de')).toBeUndefined());
});

describe('parseBirthday', () => {
  it.each([
    ['24.12.2001', '2001-12-24'],
    ['2001-12-24', '2001-12-24'],
    [' 01.02.2000 ', '2000-02-01'],
    ['29.02.2004', '2004-02-29'],
    ['29.02.2003', null],
    ['31.04.2000', null],
    ['2000-13-01', null],
    ['1.2.2000', null],
    ['12/24/2001', null],
    ['', null],
  ])('%s → %s', (input, expected) => expect(parseBirthday(input)).toBe(expected));
});

describe('checkBirthday', () => {
  it('is missing when empty', () => expect(checkBirthday('')).toBe('missing'));
  it('is invalid when unparseable', () => expect(checkBirthday('yesterday')).toBe('invalid'));
  it('accepts German dates', () => expect(checkBirthday('05.06.2002')).toBeUndefined());
});

describe('birthdayPlaceholder', () => {
  it('is DD.MM.YYYY in German', () => expect(birthdayPlaceholder('de')).toBe('DD.MM.YYYY'));
  it('is YYYY-MM-DD in English', () => expect(birthdayPlaceholder('en')).toBe('YYYY-MM-DD'));
});

describe('isAcceptedFile', () => {
  it.each([
    ['identityCardFront', 'id.png', 'image/png', true],
    ['identityCardBack', 'id.jpg', 'image/jpeg', true],
    ['identityCardFront', 'id.pdf', 'application/pdf', false],
    ['identityCardFront', 'id.gif', 'image/gif', false],
    ['immatriculation', 'cert.pdf', 'application/pdf', true],
    ['immatriculation', 'cert.jpeg', 'image/jpeg', true],
    ['immatriculation', 'cert.docx', 'application/msword', false],
    ['immatriculation', 'CERT.PDF', '', true],
    ['identityCardBack', 'back.JPEG', '', true],
    ['identityCardBack', 'back.pdf', '', false],
  ] as const)('%s %s (%s) → %s', (slot, name, type, expected) => {
    expect(isAcceptedFile(slot, { name, type })).toBe(expected);
  });
});

describe('dataUrlToBase64', () => {
  it('strips the data URL prefix', () => expect(dataUrlToBase64('data:image/png;base64,iVBORw0K')).toBe('iVBORw0K'));
  it('keeps plain base64', () => expect(dataUrlToBase64('iVBORw0K')).toBe('iVBORw0K'));
});

describe('birthdayForInput', () => {
  it('pre-fills a German birthday field as DD.MM.YYYY', () => expect(birthdayForInput('2004-05-17', 'de')).toBe('17.05.2004'));
  it('pre-fills an English birthday field as YYYY-MM-DD', () => expect(birthdayForInput('2004-05-17', 'en')).toBe('2004-05-17'));
  it('what the German field takes back is the same day', () => expect(parseBirthday(birthdayForInput('2004-05-17', 'de'))).toBe('2004-05-17'));
});
