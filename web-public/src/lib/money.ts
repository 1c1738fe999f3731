import type { Language } from './language';

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-US' };

const formats = new Map<Language, Intl.NumberFormat>();

/** Euro amount with exactly two decimals, German (1.234,50 €) or US (€1,234.50) style. */
export function formatMoney(amount: number, language: Language): string {
  // Making a NumberFormat costs far more than using one: one per language.
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(language, format);
  }
  return format.format(amount);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A yyyy-MM-dd day for reading: dd.MM.yyyy (de) or '1 October 2027' (en), as the mails write it. */
export function formatDay(isoDay: string, language: Language): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!m) return isoDay;
  return language === 'de' ? `${m[3]}.${m[2]}.${m[1]}` : `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}
