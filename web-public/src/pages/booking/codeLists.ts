// One source of truth: the renter service validates country and nationality with these same lists.
import countries from '../../../../services/renter/internal/domain/countries.json';
import nationalities from '../../../../services/renter/internal/domain/nationalities.json';
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

export const countryOptions = (language: Language) => options(countries as Code[], language);
export const nationalityOptions = (language: Language) => options(nationalities as Code[], language);

export const DEFAULT_COUNTRY = 'DEU';
export const DEFAULT_NATIONALITY = 'de';
export const DEFAULT_GENDER = 'male';
