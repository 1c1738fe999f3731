import { describe, expect, it, vi } from 'vitest';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import RenterPage from './RenterPage';
import { DELETE_WARNINGS } from './DeleteContractDialog';
import { salutation } from './PersonalData';
import { RENTER_AUDIT_LOG } from './RenterAuditLog.graphql';
import { APPROVE_IDENTITY_CARD, FREE_APARTMENT, RENTER_WITH_DOCUMENT } from './RenterInfo.graphql';
import type { AuditEntry } from '../../lib/audit';
import { booking, paidCardMocks, renter } from './fixtures';
import { renderWithProviders } from '../../test/render';

const load = (data: ReturnType<typeof renter>) => ({
  request: { query: RENTER_WITH_DOCUMENT, variables: { id: 7 } },
  result: { data: { renterWithDocument: data } },
});

const auditLog = (entries: AuditEntry[], maxUsageCount = Number.POSITIVE_INFINITY) => ({
  request: { query: RENTER_AUDIT_LOG, variables: { id: 7 } },
  result: { data: { renter: { __typename: 'Renter', id: 7, auditLog: entries.map((e) => ({ __typename: 'AuditEntry', ...e })) } } },
  maxUsageCount,
});

const show = (mocks: MockLink.MockedResponse[], path = '/admin/mieter/7/info', audit: MockLink.MockedResponse[] = [auditLog([])]) =>
  renderWithProviders(<RenterPage />, { path, pattern: 'mieter/:id/*', mocks: [...mocks, ...audit, ...paidCardMocks()] });

const milestone = (title: string) => screen.getByTestId(`milestone-${title}`);

describe('RenterInfo', () => {
  it('opens info by default and for unknown sub-routes', async () => {
    show([load(renter([booking()]))], '/admin/mieter/7/whatever');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mieter/7/info'));
    expect(await screen.findByText('Buchungen')).toBeTruthy();
  });

  it('shows a booking with its milestones, personal data and documents', async () => {
    const paid = booking({
      renterIsUnlocked: true,
      contractSigned: true,
      apartmentPaid: true,
      ownerAcknowledgedDate: '2026-05-04T08:00:00Z',
      contractRequestedDate: '2026-05-04T09:00:00Z',
      contractSignedDate: '2026-05-05T09:00:00Z',
      paidDate: '2026-05-06T09:00:00Z',
      accessKey: '4711',
      keyCodeDueDate: '2026-09-28',
      signingLink: 'https://sign.example/abc',
      paymentLink: 'https://pay.example/abc',
      state: 'PAYED',
    });
    show([load(renter([paid]))]);
    const block = await screen.findByTestId('booking-r-1');
    expect(within(block).getByText('WiSe 26/27 (01.10.26 – 31.03.27)')).toBeTruthy();
    expect(within(block).getByText('Wohnung: A12')).toBeTruthy();
    for (const title of ['E-Mail', 'Freischaltung', 'Mietvertrag', 'Zahlung']) {
      expect(milestone(title).getAttribute('data-done')).toBe('true');
    }
    expect(within(milestone('E-Mail')).getByText('Angelegt: 02.05.26')).toBeTruthy();
    expect(within(milestone('Freischaltung')).getByText('Freigeschaltet: 04.05.26')).toBeTruthy();
    expect(within(milestone('Mietvertrag')).getByText('Unterschrieben: 05.05.26')).toBeTruthy();
    expect(within(milestone('Zahlung')).getByText('Bezahlt: 06.05.26')).toBeTruthy();
    // paid in May, the key-code mail goes out three days before move-in: not sent yet
    expect(within(block).getByText('4711 (wird am 28.09.26 gesendet)')).toBeTruthy();
    expect(within(block).getByText('https://sign.example/abc').getAttribute('href')).toBe('https://sign.example/abc');
    expect(within(block).getByText('https://pay.example/abc')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Freischalten' })).toBeNull();

    expect(screen.getByText('Frau')).toBeTruthy();
    expect(screen.getByText('01.02.03')).toBeTruthy();
    expect(screen.getByText('erika@example.org').getAttribute('href')).toBe('mailto:erika@example.org');
    expect(screen.getByText('ruhig')).toBeTruthy();
    const front = screen.getByText('Personalausweis Vorderseite');
    expect(front.getAttribute('href')).toBe('/api/renter/7/identity/front');
    expect(front.getAttribute('download')).toBe('personalausweis-vorne-7');
    expect(screen.getByText('Personalausweis Rückseite').getAttribute('download')).toBe('personalausweis-hinten-7');
    expect(screen.getByText(/Immatrikulationsbescheinigung/).getAttribute('href')).toBe('/api/documents/d2');
  });

  it('says when the key code went out once it did', async () => {
    const sent = booking({ apartmentPaid: true, state: 'PAYED', accessKey: '4711', paidDate: '2026-05-06T09:00:00Z', keyCodeSentDate: '2026-09-28T06:00:00Z' });
    show([load(renter([sent]))]);
    const block = await screen.findByTestId('booking-r-1');
    expect(within(block).getByText('4711 (gesendet am 28.09.26)')).toBeTruthy();
  });

  it('hides the key code until paid and marks open milestones orange', async () => {
    show([load(renter([booking({ accessKey: '4711', renterEmailConfirmed: false, emailConfirmedDate: null })]))]);
    await screen.findByTestId('booking-r-1');
    expect(screen.queryByText(/4711/)).toBeNull();
    expect(milestone('E-Mail').getAttribute('data-done')).toBe('false');
    expect(within(milestone('E-Mail')).getByText('Nicht bestätigt')).toBeTruthy();
    // e-mail not confirmed: no approval yet
    expect(screen.queryByRole('button', { name: 'Freischalten' })).toBeNull();
  });

  it('approves the identity card and reloads the booking', async () => {
    const approve = vi.fn(() => ({ data: { approveIdentityCard: true } }));
    show([
      load(renter([booking()])),
      { request: { query: APPROVE_IDENTITY_CARD, variables: { rentingId: 'r-1' } }, result: approve },
      load(renter([booking({ renterIsUnlocked: true, ownerAcknowledgedDate: '2026-05-09T08:00:00Z' })])),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Freischalten' }));
    expect(await screen.findByText('Freigeschaltet: 09.05.26')).toBeTruthy();
    expect(approve).toHaveBeenCalledTimes(1);
    expect(milestone('Freischaltung').getAttribute('data-done')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Freischalten' })).toBeNull();
  });

  it('shows the error when the approval fails', async () => {
    show([
      load(renter([booking()])),
      { request: { query: APPROVE_IDENTITY_CARD, variables: { rentingId: 'r-1' } }, result: { errors: [{ message: 'forbidden' }] } },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Freischalten' }));
    expect(await screen.findByText('forbidden')).toBeTruthy();
  });

  it('deletes a contract after the red warning and goes to the renter list', async () => {
    const free = vi.fn(() => ({ data: { freeApartment: true } }));
    show([load(renter([booking()])), { request: { query: FREE_APARTMENT, variables: { apartmentId: 12, semesterId: 5 } }, result: free }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Vertrag löschen' }));
    const dialog = await screen.findByRole('dialog');
    for (const w of DELETE_WARNINGS) expect(within(dialog).getByText(w)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mieter'));
    expect(free).toHaveBeenCalledTimes(1);
  });

  it('keeps everything when the dialog is cancelled', async () => {
    const free = vi.fn(() => ({ data: { freeApartment: true } }));
    show([load(renter([booking()])), { request: { query: FREE_APARTMENT, variables: { apartmentId: 12, semesterId: 5 } }, result: free }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Vertrag löschen' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Abbrechen' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(free).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/mieter/7/info');
  });
});

describe('Protokoll', () => {
  const approved: AuditEntry = {
    at: '2026-05-09T08:05:00Z',
    actor: 'admin',
    action: 'approveIdentityCard',
    subject: 'renting/r-1',
    details: '{"state":"OWNER_ACKNOWLEDGED"}',
  };
  const read: AuditEntry = {
    at: '2026-05-08T22:30:00Z',
    actor: 'hausmeister',
    action: 'readDocument',
    subject: 'document/d1',
    details: '{"type":"IDENTITY_CARD_FRONT","fileName":"front.png"}',
  };

  it('lists what admins did, newest first, with German labels', async () => {
    show([load(renter([booking()]))], undefined, [auditLog([read, { ...approved, action: 'unknownAction', at: '2026-05-01T10:00:00Z' }, approved])]);
    const log = await screen.findByTestId('audit-log');
    expect(within(log).getByText('Protokoll')).toBeTruthy();
    await within(log).findByText('Freigeschaltet');
    const rows = Array.from(log.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent));
    expect(rows).toEqual([
      ['09.05.26 10:05', 'admin', 'Freigeschaltet', 'Status: Account Bestätigtrenting/r-1'],
      ['09.05.26 00:30', 'hausmeister', 'Dokument abgerufen', 'Dokument: Personalausweis VorderseiteDatei: front.pngdocument/d1'],
      ['01.05.26 12:00', 'admin', 'unknownAction', 'Status: Account Bestätigtrenting/r-1'],
    ]);
    const headers = Array.from(log.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers).toEqual(['Zeitpunkt', 'Wer', 'Aktion', 'Details']);
  });

  it('says when there is nothing yet', async () => {
    show([load(renter([booking()]))]);
    expect(await within(await screen.findByTestId('audit-log')).findByText('Keine Einträge.')).toBeTruthy();
  });

  it('shows its own error and keeps the rest of the page', async () => {
    show([load(renter([booking()]))], undefined, [
      { request: { query: RENTER_AUDIT_LOG, variables: { id: 7 } }, result: { errors: [{ message: 'forbidden', extensions: { code: 'FORBIDDEN' } }] } },
    ]);
    expect(await screen.findByText('Das Protokoll kann nicht geladen werden: Keine Berechtigung. Bitte erneut anmelden.')).toBeTruthy();
    expect(screen.getByText('Buchungen')).toBeTruthy();
  });

  it('shows the approval after Freischalten', async () => {
    show(
      [
        load(renter([booking()])),
        { request: { query: APPROVE_IDENTITY_CARD, variables: { rentingId: 'r-1' } }, result: { data: { approveIdentityCard: true } } },
        load(renter([booking({ renterIsUnlocked: true, ownerAcknowledgedDate: '2026-05-09T08:00:00Z' })])),
      ],
      undefined,
      [auditLog([], 1), auditLog([approved])],
    );
    const log = await screen.findByTestId('audit-log');
    await within(log).findByText('Keine Einträge.');
    fireEvent.click(await screen.findByRole('button', { name: 'Freischalten' }));
    expect(await within(log).findByText('Freigeschaltet')).toBeTruthy();
  });
});

describe('salutation', () => {
  it.each([
    ['male', 'Herr'],
    ['female', 'Frau'],
    ['various', ''],
    ['', ''],
  ])('%s → %s', (gender, want) => expect(salutation(gender)).toBe(want));
});
