import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { formatDate } from '../lib/date';
import { formatCents } from '../lib/money';
import { statusTag } from '../lib/status';

/** A business exception as the API returns it (UserDataException). */
export interface UserDataException {
  path?: string | null;
  params: readonly { key: string; value: string }[];
  messageId: string;
}

/** German names of the inputs a business exception's path points at (its last segment). */
const FIELDS: Record<string, string> = {
  id: 'Nummer',
  firstName: 'Vorname',
  lastName: 'Nachname',
  phone: 'Mobil',
  notes: 'Notizen',
  email: 'E-Mail',
  street: 'Straße',
  zip: 'PLZ',
  city: 'Ort',
  country: 'Land',
  birthday: 'Geburtstag',
  nationality: 'Staatsangehörigkeit',
  gender: 'Anrede',
  language: 'Sprache',
  pricePerMonth: 'Miete',
  priceDeposit: 'Kaution',
  priceCleaning: 'Reinigung',
  descriptionDe: 'Beschreibung DE',
  descriptionEn: 'Beschreibung EN',
  apartmentId: 'Wohnung',
  semesterId: 'Semester',
  rentingId: 'Buchung',
  identityCardFront: 'Personalausweis Vorderseite',
  identityCardBack: 'Personalausweis Rückseite',
  immatriculation: 'Immatrikulationsbescheinigung',
  file: 'Bild',
  name: 'Name',
  startDate: 'Start',
  endDate: 'Ende',
  reason: 'Grund',
  refundCents: 'Erstattung',
  date: 'Tag',
  description: 'Beschreibung',
  amountCents: 'Betrag',
  photos: 'Fotos',
  damages: 'Schäden',
  meterReadings: 'Zählerstände',
  bankReference: 'Referenz',
};

/** German texts of the message ids the services raise; {{key}} is replaced by the param. */
const MESSAGES: Record<string, string> = {
  missing: 'Angabe fehlt.',
  invalid: 'Der Wert ist ungültig.',
  not_matching: 'Die E-Mail-Adressen stimmen nicht überein.',
  NOT_NULL: 'Angabe fehlt.',
  STRING_MIN: 'Bitte mindestens {{min}} Zeichen eingeben.',
  STRING_MAX: 'Bitte höchstens {{max}} Zeichen eingeben.',
  SINGLE_LINE: 'Bitte in einer Zeile eingeben, ohne Zeilenumbrüche oder Steuerzeichen.',
  INVALID_CHARACTER: 'Bitte die unsichtbaren Zeichen entfernen (etwa Textrichtungszeichen oder Leerzeichen ohne Breite).',
  INVALID_ID: 'Die Nummer ist ungültig.',
  INVALID_PRICE: 'Der Betrag muss zwischen {{min}} und {{max}} Euro liegen.',
  CURRENCY: 'Der Betrag muss in Euro mit höchstens zwei Nachkommastellen angegeben werden.',
  INVALID_ZIP: 'Die Postleitzahl ist ungültig.',
  INVALID_EMAIL: 'Die E-Mail-Adresse ist ungültig.',
  NO_WAITLIST_ENTRY: 'Der Eintrag steht nicht (mehr) auf der Warteliste.',
  INVALID_COUNTRY: 'Das Land ist ungültig.',
  INVALID_LANGUAGE: 'Die Sprache ist ungültig.',
  INVALID_GENDER: 'Die Anrede ist ungültig.',
  TOO_YOUNG: 'Mieter müssen mindestens {{min}} Jahre alt sein.',
  TOO_OLD: 'Mieter dürfen höchstens {{max}} Jahre alt sein.',
  INVALID_SIZE: 'Die Datei ist zu groß (höchstens {{max}} Bytes).',
  INVALID_DIMENSION: 'Das Bild muss mindestens {{minWidth}} × {{minHeight}} und höchstens {{maxWidth}} × {{maxHeight}} Pixel groß sein (hoch oder quer).',
  INVALID_IMAGE: 'Die Datei ist kein lesbares Bild (PNG, JPEG; bei Wohnungsbildern auch WebP).',
  TOO_MANY_PIXELS: 'Das Bild hat zu viele Pixel (höchstens {{maxMegapixels}} Megapixel).',
  INVALID_FILETYPE: 'Die Datei muss ein Bild oder ein PDF sein.',
  NOT_A_PDF: 'Die Datei ist kein gültiges PDF.',
  NO_RENTER: 'Diesen Mieter gibt es nicht (mehr).',
  NO_ERASURE_REQUEST: 'Dieser Mieter hat keine Löschung beantragt.',
  NO_RENTING: 'Diese Buchung gibt es nicht (mehr).',
  NO_APARTMENT: 'Diese Wohnung gibt es nicht.',
  NO_PICTURE: 'Das Bild {{name}} gibt es bei dieser Wohnung nicht (mehr).',
  TOO_MANY_PICTURES: 'Eine Wohnung hat höchstens {{max}} Bilder: erst eines löschen.',
  APARTMENT_TAKEN: 'Die Wohnung ist inzwischen vergeben.',
  ALREADY_RENTING: 'Für dieses Semester gibt es bereits eine Buchung.',
  SEMESTER_NOT_BOOKABLE: 'Das Semester kann nicht gebucht werden.',
  TRANSITION_NOT_ALLOWED: 'Das ist im aktuellen Stand der Buchung ({{from}}) nicht möglich.',
  NO_SEMESTER: 'Dieses Semester gibt es nicht (mehr).',
  APARTMENT_HELD: 'Die Wohnung ist in diesem Semester vergeben ({{state}}). Erst den Vertrag löschen, dann blockieren.',
  NOT_BLOCKED: 'Die Wohnung ist in diesem Semester nicht blockiert.',
  REFUND_OUT_OF_BOUNDS: 'Die Erstattung muss zwischen 0 und {{max}} € liegen (bezahlt, abzüglich schon erstattet).',
  ALREADY_CANCELED: 'Diese Buchung ist bereits storniert.',
  CANCEL_INSTEAD: 'Der Vertrag einer Buchung dieser Wohnung ist verschickt, unterschrieben oder bezahlt ({{state}}): diese Buchung stornieren statt löschen.',
  SEMESTER_DATES: 'Das Ende muss nach dem Start liegen.',
  SEMESTER_TOO_LONG: 'Ein Semester dauert höchstens {{maxDays}} Tage.',
  SEMESTER_OVERLAP: 'Überschneidet sich mit dem Semester {{name}}.',
  SEMESTER_NAME_TAKEN: 'Es gibt bereits ein Semester mit dem Namen {{name}}.',
  SEMESTER_STARTED: 'Das Semester {{name}} hat begonnen: Start und Ende bleiben, nur der Name kann sich ändern.',
  HANDOVER_NOT_ALLOWED: 'Diese Buchung endet nicht (nicht bezahlt oder verlängert): keine Übergabe.',
  HANDOVER_EXISTS: 'Die Übergabe dieser Buchung ist bereits erfasst.',
  NO_HANDOVER: 'Für diese Buchung ist keine Übergabe erfasst.',
  HANDOVER_DATE_INVALID: 'Bitte einen Tag angeben, der nicht in der Zukunft liegt.',
  METER_READING_MISSING: 'Der Zählerstand {{meter}} fehlt.',
  METER_UNKNOWN: 'Einen Zähler {{meter}} gibt es in diesem Haus nicht.',
  DEDUCTIONS_EXCEED_DEPOSIT: 'Die Abzüge ({{deductions}}) übersteigen die Kaution ({{deposit}}).',
  HANDOVER_ANSWERED: 'Der Mieter hat die Übergabe bereits beantwortet.',
  HANDOVER_ANSWER_EXPIRED: 'Die Frist für die Antwort des Mieters ist abgelaufen.',
  HANDOVER_AWAITS_RENTER: 'Der Mieter kann die Übergabe noch bis {{deadline}} bestätigen oder ihr widersprechen; danach oder nach seiner Antwort wird die Kaution abgerechnet.',
  DEPOSIT_SETTLED: 'Die Kaution ist bereits abgerechnet.',
  BANK_REFERENCE_REQUIRED: 'Bitte die Referenz der Überweisung angeben.',
  BOOKS_RANGE_INVALID: 'Der Zeitraum ist ungültig: der Beginn muss vor dem Ende liegen, beide im selben Geschäftsjahr.',
};

/** Params that carry EUR cents (the client formats them as euros). */
const CENTS_PARAMS = new Set(['deposit', 'deductions']);

/** Param values shown as the admin knows them: renting states as their status tag texts. */
function paramValue(key: string, value: string): string {
  if (key === 'from' || key === 'to' || key === 'state') {
    const tag = statusTag(value);
    return tag.text === 'Unhandled case' ? value : tag.text;
  }
  if (CENTS_PARAMS.has(key) && /^-?\d+$/.test(value)) return formatCents(Number(value));
  if (key === 'deadline') return formatDate(value) || value;
  // amounts such as 5000.00 with the German decimal comma
  if (/^-?\d+\.\d{2}$/.test(value)) return value.replace('.', ',');
  return value;
}

/** The rule a business exception names, in German with its params, for the field it concerns. */
export function exceptionText(ex: UserDataException): string {
  const params = new Map(ex.params.map((p) => [p.key, paramValue(p.key, p.value)]));
  const template = MESSAGES[ex.messageId];
  return template
    ? template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => params.get(key) ?? '?')
    : `Die Eingabe wurde abgelehnt (${ex.messageId}).`;
}

/** The input a business exception concerns: the last segment of its path, if any. */
export function exceptionField(ex: UserDataException): string | undefined {
  return ex.path?.split('.').at(-1) || undefined;
}

/** A business exception in German: the input it concerns, then the rule's text with its params. */
export function exceptionMessage(ex: UserDataException): string {
  const text = exceptionText(ex);
  const field = exceptionField(ex);
  const label = field ? (FIELDS[field] ?? field) : undefined;
  return label ? `${label}: ${text}` : text;
}

/** The params of an exception carried in a GraphQL error's extensions (an object or a key/value list). */
function extensionParams(params: unknown): { key: string; value: string }[] {
  if (Array.isArray(params)) {
    return params.filter((p) => p && typeof p.key === 'string').map((p) => ({ key: p.key, value: String(p.value) }));
  }
  if (params && typeof params === 'object') {
    return Object.entries(params).map(([key, value]) => ({ key, value: String(value) }));
  }
  return [];
}

/** Texts of the error codes of the gateway and the services. */
const CODES: Record<string, string> = {
  FORBIDDEN: 'Keine Berechtigung. Bitte erneut anmelden.',
  UNAUTHENTICATED: 'Keine Berechtigung. Bitte erneut anmelden.',
  INTERNAL: 'Interner Serverfehler. Bitte später erneut versuchen.',
  INTERNAL_SERVER_ERROR: 'Interner Serverfehler. Bitte später erneut versuchen.',
  SUBGRAPH_UNAVAILABLE: 'Ein Dienst ist gerade nicht erreichbar. Bitte später erneut versuchen.',
  PAYLOAD_TOO_LARGE: 'Die Anfrage ist zu groß.',
  OPERATION_TIMEOUT: 'Die Anfrage hat zu lange gedauert. Bitte später erneut versuchen.',
};

/**
 * What the user sees for a failed call (SPEC section 8): business exceptions and known error codes in
 * German, else the first GraphQL error's message, else a generic text.
 */
export function errorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const ext = (first?.extensions ?? {}) as Record<string, unknown>;
    if (typeof ext.messageId === 'string') {
      return exceptionMessage({
        messageId: ext.messageId,
        path: typeof ext.path === 'string' ? ext.path : null,
        params: extensionParams(ext.params),
      });
    }
    if (typeof ext.code === 'string' && CODES[ext.code]) return CODES[ext.code];
    // Some refusals can only come as a GraphQL error; its message is then the message id.
    if (first && Object.prototype.hasOwnProperty.call(MESSAGES, first.message)) return exceptionText({ messageId: first.message, params: [] });
    return first?.message || 'Unknown Graphql Error';
  }
  if (ServerError.is(error)) {
    if (error.statusCode === 401 || error.statusCode === 403) return CODES.FORBIDDEN;
    if (error.statusCode === 413) return CODES.PAYLOAD_TOO_LARGE;
    if (error.statusCode === 504) return CODES.OPERATION_TIMEOUT;
    return `Serverfehler (Status ${error.statusCode})`;
  }
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return 'Der Server ist nicht erreichbar. Bitte später erneut versuchen.';
  }
  if (error instanceof Error && error.message) {
    return error.message;
  }
  return 'Unknown Error';
}
