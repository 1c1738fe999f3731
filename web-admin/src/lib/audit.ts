import { statusTag } from './status';

import type { RenterAuditLogQuery } from '../graphql/graphql';

/** One admin action about a renter (Renter.auditLog); details is a JSON object as text. */
export type AuditEntry = NonNullable<RenterAuditLogQuery['renter']>['auditLog'][number];

/** German labels of the actions the services record; other names are shown as they are. */
export const ACTION_LABELS: Record<string, string> = {
  approveIdentityCard: 'Freigeschaltet',
  updateRenter: 'Mieterdaten geändert',
  readDocument: 'Dokument abgerufen',
  freeApartment: 'Vertrag gelöscht',
  deleteRentingDocuments: 'Dokumente der Buchung gelöscht',
  deleteRenter: 'Mieter gelöscht',
  updateApartment: 'Wohnung geändert',
  approveRenewal: 'Verlängerung angenommen',
  declineRenewal: 'Verlängerung abgelehnt',
  offerRenewal: 'Verlängerung angeboten',
  acceptRenewalForRenter: 'Verlängerung für den Mieter angenommen',
  declineRenewalForRenter: 'Verlängerung für den Mieter abgelehnt',
  reselectApartment: 'Andere Wohnung gewählt',
  scheduleDeletion: 'Löschung der Dokumente geplant',
  deleteDocument: 'Dokument gelöscht (Aufbewahrungsfrist)',
  forgetRequest: 'Unbestätigte Anfrage gelöscht (Aufbewahrungsfrist)',
  requestErasure: 'Löschung beantragt',
  eraseRenter: 'Daten auf Antrag gelöscht',
  eraseRenterData: 'Formulare und Dokumente auf Antrag gelöscht',
  eraseDocument: 'Dokument auf Antrag gelöscht',
  recordHandover: 'Übergabe erfasst',
  settleDeposit: 'Kaution abgerechnet',
  cancelBooking: 'Buchung storniert',
  reissueContract: 'Vertrag neu ausgestellt',
  refuseRefund: 'Erstattung abgelehnt (mehr als bezahlt)',
  refusePaymentReport: 'Zahlungsmeldung abgelehnt (anderer Betrag)',
  applyPersonalData: 'Persönliche Daten übernommen',
  forgetRenter: 'Mieter gelöscht (Aufbewahrungsfrist)',
};

export function actionLabel(action: string): string {
  return Object.prototype.hasOwnProperty.call(ACTION_LABELS, action) ? ACTION_LABELS[action] : action;
}

const KEYS: Record<string, string> = {
  state: 'Status',
  reason: 'Grund',
  redacted: 'Entfernt',
  personalData: 'Persönliche Daten',
  documents: 'Dokumente',
  pendingUploads: 'Unbestätigte Uploads',
  bookingRequestForms: 'Anfrageformulare',
  kept: 'Aufbewahrt',
  type: 'Dokument',
  fileName: 'Datei',
  deleted: 'Gelöscht',
  apartmentId: 'Wohnung',
  semesterId: 'Semester',
  rentingId: 'Buchung',
  firstName: 'Vorname',
  lastName: 'Nachname',
  phone: 'Mobil',
  notes: 'Notizen',
  email: 'E-Mail',
  rentCents: 'Miete',
  depositCents: 'Kaution',
  cleaningCents: 'Reinigung',
  descriptionDe: 'Beschreibung DE',
  descriptionEn: 'Beschreibung EN',
};

const DOCUMENT_TYPES: Record<string, string> = {
  IDENTITY_CARD_FRONT: 'Personalausweis Vorderseite',
  IDENTITY_CARD_BACK: 'Personalausweis Rückseite',
  IMMATRICULATION: 'Immatrikulationsbescheinigung',
  CONTRACT: 'Mietvertrag',
  SIGNED_CONTRACT: 'Unterschriebener Mietvertrag',
  OTHER: 'Sonstiges',
};

const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (key === 'state' && typeof value === 'string') {
    const tag = statusTag(value);
    return tag.text === 'Unhandled case' ? value : tag.text;
  }
  if (key === 'type' && typeof value === 'string') return DOCUMENT_TYPES[value] ?? value;
  if (key.endsWith('Cents') && typeof value === 'number') return euros.format(value / 100);
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const label = (key: string) => KEYS[key] ?? key;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The details of an entry as short German lines: for a before/after pair only what changed
 * ("Mobil: 1 → 2"), else one line per value. Text that is not a JSON object is shown as it is.
 */
export function auditDetails(details: string | null | undefined): string[] {
  if (!details) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return [details];
  }
  if (!isObject(parsed)) return parsed === null ? [] : [details];
  const lines: string[] = [];
  const { before, after, ...rest } = parsed;
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    for (const k of keys) {
      if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
        lines.push(`${label(k)}: ${valueText(k, before[k])} → ${valueText(k, after[k])}`);
      }
    }
    if (lines.length === 0) lines.push('Keine Änderung');
  } else {
    if (before !== undefined) rest.before = before;
    if (after !== undefined) rest.after = after;
  }
  for (const [k, v] of Object.entries(rest)) lines.push(`${label(k)}: ${valueText(k, v)}`);
  return lines;
}

/** Newest first (the API already sorts so; this keeps the view right for any order). */
export function newestFirst<T extends { at: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
