import { describe, expect, it } from 'vitest';
import { actionLabel, auditDetails, newestFirst } from './audit';

describe('actionLabel', () => {
  it.each([
    ['approveIdentityCard', 'Freigeschaltet'],
    ['updateRenter', 'Mieterdaten geändert'],
    ['readDocument', 'Dokument abgerufen'],
    ['freeApartment', 'Vertrag gelöscht'],
    ['deleteRentingDocuments', 'Dokumente der Buchung gelöscht'],
    ['offerRenewal', 'Verlängerung angeboten'],
    ['acceptRenewalForRenter', 'Verlängerung für den Mieter angenommen'],
    ['declineRenewalForRenter', 'Verlängerung für den Mieter abgelehnt'],
    ['deleteDocument', 'Dokument gelöscht (Aufbewahrungsfrist)'],
    ['requestErasure', 'Löschung beantragt'],
    ['eraseRenter', 'Daten auf Antrag gelöscht'],
    ['eraseDocument', 'Dokument auf Antrag gelöscht'],
    ['cancelBooking', 'Buchung storniert'],
    ['reissueContract', 'Vertrag neu ausgestellt'],
    ['somethingNew', 'somethingNew'],
    ['toString', 'toString'],
  ])('%s → %s', (action, want) => expect(actionLabel(action)).toBe(want));
});

describe('auditDetails', () => {
  it.each([
    [null, []],
    ['', []],
    ['null', []],
    ['{}', []],
    ['{"state":"OWNER_ACKNOWLEDGED"}', ['Status: Account Bestätigt']],
    ['{"state":"NEW_STATE"}', ['Status: NEW_STATE']],
    ['{"type":"IDENTITY_CARD_FRONT","fileName":"front.png"}', ['Dokument: Personalausweis Vorderseite', 'Datei: front.png']],
    ['{"apartmentId":12,"semesterId":5,"state":"APARTMENT_RESERVED"}', ['Wohnung: 12', 'Semester: 5', 'Status: Reserviert']],
    ['{"deleted":3}', ['Gelöscht: 3']],
    ['{"reason":"GDPR art. 17","pendingUploads":3}', ['Grund: GDPR art. 17', 'Unbestätigte Uploads: 3']],
    [
      '{"before":{"firstName":"Erika","phone":"1","notes":""},"after":{"firstName":"Erika","phone":"2","notes":"ruhig"}}',
      ['Mobil: 1 → 2', 'Notizen: – → ruhig'],
    ],
    ['{"before":{"rentCents":45000},"after":{"rentCents":47550}}', ['Miete: 450,00\u00a0€ → 475,50\u00a0€']],
    ['{"before":{"phone":"1"},"after":{"phone":"1"}}', ['Keine Änderung']],
    ['{"nested":{"a":1},"flag":true}', ['nested: {"a":1}', 'flag: ja']],
    ['not json', ['not json']],
    ['[1,2]', ['[1,2]']],
  ])('%s → %j', (details, want) => expect(auditDetails(details)).toEqual(want));
});

describe('newestFirst', () => {
  it('sorts by time, newest first, across offsets', () => {
    const sorted = newestFirst([
      { at: '2026-05-01T10:00:00Z', n: 1 },
      { at: '2026-05-01T12:30:00+02:00', n: 2 },
      { at: '2026-05-02T08:00:00Z', n: 3 },
    ]);
    expect(sorted.map((e) => e.n)).toEqual([3, 2, 1]);
  });
});
