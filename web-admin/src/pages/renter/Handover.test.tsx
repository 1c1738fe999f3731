import { describe, expect, it, vi } from 'vitest';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import RenterPage from './RenterPage';
import { RENTER_AUDIT_LOG } from './RenterAuditLog.graphql';
import { RENTER_WITH_DOCUMENT } from './RenterInfo.graphql';
import { HANDOVER_FORM, RECORD_HANDOVER, SETTLE_DEPOSIT, type Handover } from './Handover.graphql';
import { booking, paidCardMocks, renter } from './fixtures';
import { renderWithProviders } from '../../test/render';

const paid = booking({ state: 'PAYED', apartmentPaid: true, contractSigned: true, renterIsUnlocked: true });

const load = (b: ReturnType<typeof booking>) => ({
  request: { query: RENTER_WITH_DOCUMENT, variables: { id: 7 } },
  result: { data: { renterWithDocument: renter([b]) } },
});

const always = Number.POSITIVE_INFINITY;

const audit = {
  request: { query: RENTER_AUDIT_LOG, variables: { id: 7 } },
  result: { data: { renter: { __typename: 'Renter', id: 7, auditLog: [] } } },
  maxUsageCount: always,
};

const exception = (path: string | null, messageId: string, params: Record<string, string> = {}) => ({
  __typename: 'UserDataException',
  path,
  messageId,
  params: Object.entries(params).map(([key, value]) => ({ __typename: 'KeyValue', key, value })),
});

const handoverForm = (refusal: ReturnType<typeof exception> | null = null, maxUsageCount = always) => ({
  request: { query: HANDOVER_FORM, variables: { rentingId: 'r-1' } },
  result: { data: { handoverForm: { __typename: 'HandoverForm', meters: ['Strom', 'Wasser'], depositCents: 80000, refusal, handover: null } } },
  maxUsageCount,
});

const ok = (field: 'recordHandover' | 'settleDeposit') => vi.fn(() => ({ data: { [field]: { __typename: 'UpdateResult', exception: null } } }));
const refused = (field: 'recordHandover' | 'settleDeposit', ex: ReturnType<typeof exception>) => ({ data: { [field]: { __typename: 'UpdateResult', exception: ex } } });

const damage = (description: string, amountCents: number, photos: string[] = [], waived = false) => ({
  __typename: 'Damage',
  description,
  amountCents,
  photos: photos.map((documentId) => ({ __typename: 'HandoverPhoto', documentId })),
  waived,
});

function handover(overrides: Partial<Handover> = {}): Handover & { __typename: string } {
  return {
    __typename: 'Handover',
    rentingId: 'r-1',
    date: '2026-11-30',
    meterReadings: [
      { __typename: 'MeterReading', meter: 'Strom', value: '12345,6' },
      { __typename: 'MeterReading', meter: 'Wasser', value: '321' },
    ] as unknown as Handover['meterReadings'],
    damages: [damage('Brandfleck Arbeitsplatte', 5050, ['doc-1'])] as unknown as Handover['damages'],
    depositCents: 80000,
    deductionsCents: 5050,
    refundCents: 74950,
    status: 'RECORDED',
    answerDeadline: '2026-12-14',
    disputeReason: null,
    answeredAt: null,
    settlementDeadline: '2027-01-11',
    settlement: null,
    recordedAt: '2026-11-30T10:00:00Z',
    ...overrides,
  };
}

/** The card's form once a handover is recorded: it carries the handover (answered once: a refetch takes the next). */
const recorded = (h: ReturnType<typeof handover>) => ({
  request: { query: HANDOVER_FORM, variables: { rentingId: 'r-1' } },
  result: {
    data: { handoverForm: { __typename: 'HandoverForm', meters: ['Strom', 'Wasser'], depositCents: 80000, refusal: exception('rentingId', 'HANDOVER_EXISTS'), handover: h } },
  },
});

const show = (mocks: MockLink.MockedResponse[]) =>
  renderWithProviders(<RenterPage />, { path: '/admin/mieter/7/info', pattern: 'mieter/:id/*', mocks: [...mocks, audit, ...paidCardMocks()] });

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function openRecordDialog() {
  // the page, then the handover form: under the whole suite's load this takes a while
  fireEvent.click(await screen.findByRole('button', { name: 'Übergabe erfassen' }, { timeout: 10_000 }));
  return screen.findByRole('dialog');
}

const type = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

/** The dialog's summary: deposit, deductions and refund as shown. */
const summary = (dialog: HTMLElement) =>
  ['Kaution', 'Abzüge', 'Erstattung'].map((label) => within(dialog).getByText(label).closest('tr')?.querySelector('td')?.textContent?.replace(/\s/g, ' '));

function fillMeters(dialog: HTMLElement) {
  type(dialog, 'Zählerstand Strom', ' 12345,6 ');
  type(dialog, 'Zählerstand Wasser', '321');
}

function addDamage(dialog: HTMLElement, n: number, description: string, amount: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Schaden hinzufügen' }));
  type(dialog, `Beschreibung Schaden ${n}`, description);
  type(dialog, `Betrag Schaden ${n} (€)`, amount);
}

describe('Übergabe erfassen', () => {
  it('records the day, the readings and a damage in cents with its photo as base64; the card then shows the handover', async () => {
    const record = ok('recordHandover');
    const expected = {
      rentingId: 'r-1',
      date: '2026-11-30',
      meterReadings: [
        { meter: 'Strom', value: '12345,6' },
        { meter: 'Wasser', value: '321' },
      ],
      damages: [{ description: 'Brandfleck Arbeitsplatte', amountCents: 5050, photos: [btoa(String.fromCharCode(...PNG))] }],
    };
    show([
      load(paid),
      handoverForm(null, 1),
      { request: { query: RECORD_HANDOVER, variables: { handover: expected } }, result: record },
      recorded(handover()),
    ]);
    const dialog = await openRecordDialog();
    type(dialog, 'Übergeben am', '2026-11-30');
    fillMeters(dialog);
    addDamage(dialog, 1, ' Brandfleck Arbeitsplatte ', '50,5');
    fireEvent.change(within(dialog).getByLabelText('Fotos Schaden 1'), { target: { files: [new File([PNG], 'fleck.png', { type: 'image/png' })] } });
    expect(await within(dialog).findByText('fleck.png')).toBeTruthy();
    await waitFor(() => expect(summary(dialog)).toEqual(['800,00 €', '50,50 €', '749,50 €']));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übergabe speichern' }));

    const section = await screen.findByTestId('handover-r-1');
    expect(record).toHaveBeenCalledTimes(1);
    expect(within(section).getByText('Erfasst')).toBeTruthy();
    expect(within(section).getByText('Strom: 12345,6; Wasser: 321')).toBeTruthy();
    expect(within(section).getByText(/Brandfleck Arbeitsplatte: 50,50/)).toBeTruthy();
    expect(within(section).getByRole('img', { name: 'Foto 1: Brandfleck Arbeitsplatte' }).getAttribute('src')).toBe('/api/documents/doc-1');
    expect(within(section).getByText('14.12.26')).toBeTruthy();
    expect(within(section).getByText('11.01.27')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Übergabe erfassen' })).toBeNull();
  });

  it('asks for every reading, a day not in the future and an amount above 0 before sending', async () => {
    const record = ok('recordHandover');
    show([load(paid), handoverForm(), { request: { query: RECORD_HANDOVER, variables: () => true }, result: record }]);
    const dialog = await openRecordDialog();
    type(dialog, 'Übergeben am', '2999-01-01');
    type(dialog, 'Zählerstand Strom', '100');
    addDamage(dialog, 1, 'Kratzer', '0,00');
    addDamage(dialog, 2, 'Fleck', 'zwölf');
    fireEvent.change(within(dialog).getByLabelText('Fotos Schaden 2'), { target: { files: [new File(['GIF89a'], 'fleck.gif', { type: 'image/gif' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übergabe speichern' }));
    expect(await within(dialog).findByText('Der Tag darf nicht in der Zukunft liegen.')).toBeTruthy();
    const wasser = within(dialog).getByLabelText('Zählerstand Wasser').closest('.ant-form-item') as HTMLElement;
    expect(await within(wasser).findByText('Angabe fehlt.')).toBeTruthy();
    expect(await within(dialog).findByText('Der Betrag muss größer als 0 sein.')).toBeTruthy();
    expect(await within(dialog).findByText('Bitte einen Betrag in Euro eingeben, z. B. 50,00.')).toBeTruthy();
    expect(await within(dialog).findByText('Nur JPEG- oder PNG-Bilder.')).toBeTruthy();
    expect(record).not.toHaveBeenCalled();
  });

  it('refuses deductions above the deposit before sending, and a removed damage no longer counts', async () => {
    const record = ok('recordHandover');
    show([load(paid), handoverForm(), { request: { query: RECORD_HANDOVER, variables: () => true }, result: record }]);
    const dialog = await openRecordDialog();
    fillMeters(dialog);
    addDamage(dialog, 1, 'Boden', '500');
    addDamage(dialog, 2, 'Tür', '300,01');
    const text = 'Die Abzüge (800,01 €) übersteigen die Kaution (800,00 €).';
    expect((await within(dialog).findByRole('alert')).textContent?.replace(/\s/g, ' ')).toBe(text);
    expect(summary(dialog)).toEqual(['800,00 €', '800,01 €', '0,00 €']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übergabe speichern' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(record).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Schaden 2 entfernen' }));
    await waitFor(() => expect(summary(dialog)).toEqual(['800,00 €', '500,00 €', '300,00 €']));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusals at their field: a missing reading, a reading too long and a damage's photo", async () => {
    show([
      load(paid),
      handoverForm(),
      { request: { query: RECORD_HANDOVER, variables: () => true }, result: refused('recordHandover', exception('meterReadings', 'METER_READING_MISSING', { meter: 'Wasser' })) },
      { request: { query: RECORD_HANDOVER, variables: () => true }, result: refused('recordHandover', exception('meterReadings.0.value', 'STRING_MAX', { max: '40' })) },
      { request: { query: RECORD_HANDOVER, variables: () => true }, result: refused('recordHandover', exception('damages.0.photos.0', 'INVALID_IMAGE')) },
    ]);
    const dialog = await openRecordDialog();
    fillMeters(dialog);
    addDamage(dialog, 1, 'Fleck', '10');
    fireEvent.change(within(dialog).getByLabelText('Fotos Schaden 1'), { target: { files: [new File([PNG], 'kaputt.png', { type: 'image/png' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übergabe speichern' }));
    const wasser = within(dialog).getByLabelText('Zählerstand Wasser').closest('.ant-form-item') as HTMLElement;
    expect(await within(wasser).findByText('Der Zählerstand Wasser fehlt.')).toBeTruthy();

    fireEvent.click(await within(dialog).findByRole('button', { name: /Übergabe speichern/ }));
    const strom = within(dialog).getByLabelText('Zählerstand Strom').closest('.ant-form-item') as HTMLElement;
    expect(await within(strom).findByText('Bitte höchstens 40 Zeichen eingeben.')).toBeTruthy();

    // the button's loading icon fades out (never, in jsdom): match its name in part
    fireEvent.click(await within(dialog).findByRole('button', { name: /Übergabe speichern/ }));
    const photos = within(dialog).getByLabelText('Fotos Schaden 1').closest('.ant-form-item') as HTMLElement;
    expect(await within(photos).findByText('Foto 1: Die Datei ist kein lesbares Bild (PNG, JPEG; bei Wohnungsbildern auch WebP).')).toBeTruthy();
  });

  it('is not offered when the server refuses a handover (a renewal holds the apartment)', async () => {
    show([load(paid), handoverForm(exception('rentingId', 'HANDOVER_NOT_ALLOWED'))]);
    expect(await screen.findByTestId('booking-r-1')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('button', { name: 'Übergabe erfassen' })).toBeNull();
  });
});

describe('Kaution abrechnen', () => {
  const disputed = handover({
    status: 'DISPUTED',
    disputeReason: 'Der Fleck war schon beim Einzug da.',
    answeredAt: '2026-12-01T09:00:00Z',
    damages: [damage('Boden', 10000), damage('Brandfleck Arbeitsplatte', 5050, ['doc-1'])] as unknown as Handover['damages'],
    deductionsCents: 15050,
    refundCents: 64950,
  });

  it('settles a disputed handover by bank transfer with its reference, waiving a damage', async () => {
    const settle = ok('settleDeposit');
    const settled = handover({
      ...disputed,
      status: 'SETTLED',
      damages: [damage('Boden', 10000), damage('Brandfleck Arbeitsplatte', 5050, ['doc-1'], true)] as unknown as Handover['damages'],
      deductionsCents: 10000,
      refundCents: 70000,
      settlement: { __typename: 'DepositSettlement', method: 'BANK_TRANSFER', refundCents: 70000, bankReference: 'UEB-2026-17', settledAt: '2026-12-02T10:00:00Z' } as unknown as Handover['settlement'],
    });
    show([
      load(paid),
      recorded(disputed),
      { request: { query: SETTLE_DEPOSIT, variables: { rentingId: 'r-1', method: 'BANK_TRANSFER', bankReference: 'UEB-2026-17', waived: [1] } }, result: settle },
      recorded(settled),
    ]);
    const section = await screen.findByTestId('handover-r-1');
    expect(within(section).getByText('Widersprochen')).toBeTruthy();
    expect(within(section).getByText('Grund: „Der Fleck war schon beim Einzug da.“')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Kaution abrechnen' }));
    const dialog = await screen.findByRole('dialog');
    expect(summary(dialog)).toEqual(['800,00 €', '150,50 €', '649,50 €']);
    fireEvent.click(within(dialog).getByLabelText('Brandfleck Arbeitsplatte (50,50 €)'));
    await waitFor(() => expect(summary(dialog)).toEqual(['800,00 €', '100,00 €', '700,00 €']));

    fireEvent.click(within(dialog).getByLabelText('Banküberweisung'));
    await within(dialog).findByLabelText('Referenz');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abrechnen' }));
    expect(await within(dialog).findByText('Bitte die Referenz der Überweisung angeben.')).toBeTruthy();
    expect(settle).not.toHaveBeenCalled();
    type(dialog, 'Referenz', ' UEB-2026-17 ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abrechnen' }));

    expect(await within(section).findByText('Abgerechnet')).toBeTruthy();
    expect(settle).toHaveBeenCalledTimes(1);
    expect(within(section).getByText(/Banküberweisung, 700,00\s€ zurück \(Referenz UEB-2026-17\)/)).toBeTruthy();
    expect(within(section).getByText(/\(erlassen\)/)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Kaution abrechnen' })).toBeNull();
  });

  it('waits for the renter while the answer is open: the deposit cannot be settled yet', async () => {
    const open = handover({ answerDeadline: '2999-12-31' });
    show([load(paid), recorded(open)]);
    const section = await screen.findByTestId('handover-r-1');
    expect(within(section).getByRole('button', { name: 'Kaution abrechnen' }).hasAttribute('disabled')).toBe(true);
    expect(within(section).getByText(/noch bis 31\.12\.99 bestätigen oder ihr widersprechen/)).toBeTruthy();
  });

  it('offers no waiving without a dispute and sends a refund through the provider', async () => {
    const confirmed = handover({ status: 'CONFIRMED', answeredAt: '2026-12-01T09:00:00Z' });
    show([
      load(paid),
      recorded(confirmed),
      { request: { query: SETTLE_DEPOSIT, variables: { rentingId: 'r-1', method: 'REFUND', bankReference: null, waived: [] } }, result: refused('settleDeposit', exception(null, 'DEPOSIT_SETTLED')) },
    ]);
    const section = await screen.findByTestId('handover-r-1');
    expect(within(section).getByText('Bestätigt')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Kaution abrechnen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Schäden erlassen')).toBeNull();
    expect(summary(dialog)).toEqual(['800,00 €', '50,50 €', '749,50 €']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abrechnen' }));
    expect(await within(dialog).findByText('Die Kaution ist bereits abgerechnet.')).toBeTruthy();
  });
});
