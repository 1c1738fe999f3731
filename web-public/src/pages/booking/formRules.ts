import type { Language } from '../../lib/language';

/** Validation codes the form shows; the server answers with the same codes (SPEC section 5). */
export type RuleCode = 'missing' | 'invalid' | 'not_matching';

/** Required: undefined, null, an empty or blank string, an empty list are missing. */
export function checkRequired(value: unknown): RuleCode | undefined {
  if (value === undefined || value === null) return 'missing';
  if (typeof value === 'string' && value.trim() === '') return 'missing';
  if (Array.isArray(value) && value.length === 0) return 'missing';
  return undefined;
}

/** E-mail: must contain an @ (the server checks more). */
export function checkEmail(value: string | undefined): RuleCode | undefined {
  return checkRequired(value) ?? (value!.includes('@') ? undefined : 'invalid');
}

export function checkConfirmEmail(email: string | undefined, confirm: string | undefined): RuleCode | undefined {
  return checkRequired(confirm) ?? ((email ?? '').trim() === confirm!.trim() ? undefined : 'not_matching');
}

function isRealDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** dd.MM.yyyy or yyyy-MM-dd → yyyy-MM-dd; null when it is neither or no real day. */
export function parseBirthday(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  let y: string, m: string, d: string;
  const de = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (de) [, d, m, y] = de;
  else if (iso) [, y, m, d] = iso;
  else return null;
  return isRealDay(Number(y), Number(m), Number(d)) ? `${y}-${m}-${d}` : null;
}

export function checkBirthday(value: string | undefined): RuleCode | undefined {
  return checkRequired(value) ?? (parseBirthday(value) ? undefined : 'invalid');
}

/** A yyyy-MM-dd birthday as the birthday field of the language takes it (see birthdayPlaceholder). */
export function birthdayForInput(isoDay: string, language: Language): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return m && language === 'de' ? `${m[3]}.${m[2]}.${m[1]}` : isoDay;
}

export function birthdayPlaceholder(language: Language): string {
  return language === 'de' ? 'DD.MM.YYYY' : 'YYYY-MM-DD';
}

export type UploadSlot = 'identityCardFront' | 'identityCardBack' | 'immatriculation';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const IMAGE_EXTENSIONS = ['.png', '.jpeg', '.jpg'];

/** Identity cards take png and jpeg; the enrollment certificate also pdf. */
export function acceptedTypes(slot: UploadSlot): { mime: string[]; extensions: string[] } {
  return slot === 'immatriculation'
    ? { mime: [...IMAGE_TYPES, 'application/pdf'], extensions: [...IMAGE_EXTENSIONS, '.pdf'] }
    : { mime: IMAGE_TYPES, extensions: IMAGE_EXTENSIONS };
}

export function acceptAttribute(slot: UploadSlot): string {
  const { mime, extensions } = acceptedTypes(slot);
  return [...mime, ...extensions].join(',');
}

/** Whether a chosen file fits the slot, by its MIME type or, when the browser gives none, its name. */
export function isAcceptedFile(slot: UploadSlot, file: { name: string; type: string }): boolean {
  const { mime, extensions } = acceptedTypes(slot);
  if (file.type) return mime.includes(file.type.toLowerCase());
  const name = file.name.toLowerCase();
  return extensions.some((ext) => name.endsWith(ext));
}

/** Strips the data-URL prefix that FileReader.readAsDataURL adds, leaving plain base64. */
export function dataUrlToBase64(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
}
