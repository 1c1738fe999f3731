// One source of truth: the contract's code lists (proto/codes), with which the renter service
// validates country and nationality.
import countries from '../../../../proto/codes/countries.json';
import nationalities from '../../../../proto/codes/nationalities.json';
import type { Language } from '../../lib/language';

interface Code {
  code: string;
  de: string;
  en: string;
}

function options(list: Code[], language: Language) {
  return list
    .map((c) => ({ value: c.code, label: c[language] }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** The name of a code in the language, or the code itself when the list does not know it. */
function label(list: Code[], code: string, language: Language): string {
  return list.find((c) => c.code === code)?.[language] ?? code;
}

export const countryName = (code: string, language: Language) => label(countries as Code[], code, language);
export const nationalityName = (code: string, language: Language) => label(nationalities as Code[], code, language);

export const countryOptions = (language: Language) => options(countries as Code[], language);
export const nationalityOptions = (language: Language) => options(nationalities as Code[], language);

export const DEFAULT_COUNTRY = 'DEU';
export const DEFAULT_NATIONALITY = 'de';
export const DEFAULT_GENDER = 'male';
