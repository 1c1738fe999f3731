import { describe, expect, it, vi } from 'vitest';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import RenterPage from './RenterPage';
import { RENTER_AUDIT_LOG } from './RenterAuditLog.graphql';
import { RENTER_WITH_DOCUMENT } from './RenterInfo.graphql';
import { CANCEL_BOOKING, REFUNDABLE_CENTS, REISSUE_CONTRACT } from './CancelAndReissue.graphql';
import { booking, paidCardMocks, renter } from './fixtures';
import type { BookingCardFieldsFragment as Booking } from '../../graphql/graphql';
import { renderWithProviders } from '../../test/render';

const paid = booking({ state: 'PAYED', apartmentPaid: true, contractSigned: true, renterIsUnlocked: true });

const load = (b: ReturnType<typeof booking>) => ({
  request: { query: RENTER_WITH_DOCUMENT, variables: { id: 7 } },
  result: { data: { renterWithDocument: renter([b]) } },
});

const refundable = { request: { query: REFUNDABLE_CENTS, variables: { rentingId: 'r-1' } }, result: { data: { refundableCents: 326500 } }, maxUsageCount: 5 };

const audit = {
  request: { query: RENTER_AUDIT_LOG, variables: { id: 7 } },
  result: { data: { renter: { __typename: 'Renter', id: 7, auditLog: [] } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const show = (mocks: MockLink.MockedResponse[]) =>
  renderWithProviders(<RenterPage />, { path: '/admin/mieter/7/info', pattern: 'mieter/:id/*', mocks: [...mocks, audit, ...paidCardMocks()] });

const exception = (path: string, messageId: string, params: Record<string, string> = {}) => ({
  data: {
    cancelBooking: {
      __typename: 'UpdateResult',
      exception: { __typename: 'UserDataException', path, messageId, params: Object.entries(params).map(([key, value]) => ({ __typename: 'KeyValue', key, value })) },
    },
  },
});

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Buchung stornieren' }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect((within(dialog).getByLabelText('Erstattung (€)') as HTMLInputElement).value).toBe('3265,00'));
  return dialog;
}

describe('Buchung stornieren', () => {
  it('cancels a paid booking with a part refund and shows the cancellation on the booking', async () => {
    const cancel = vi.fn(() => ({ data: { cancelBooking: { __typename: 'UpdateResult', exception: null } } }));
    show([
      load(paid),
      refundable,
      { request: { query: CANCEL_BOOKING, variables: { rentingId: 'r-1', reason: 'Wasserschaden', refundCents: 120050 } }, result: cancel },
      load(booking({ ...paid, state: 'CANCELED', cancellation: { __typename: 'Cancellation', reason: 'Wasserschaden', refundCents: 120050 } as Booking['cancellation'] })),
    ]);
    const dialog = await openDialog();
    expect(within(dialog).getByText('Bezahlt und noch nicht erstattet: 3.265,00 €')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Grund'), { target: { value: ' Wasserschaden ' } });
    fireEvent.change(within(dialog).getByLabelText('Erstattung (€)'), { target: { value: '1200,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
    expect(await screen.findByText('Wasserschaden; Erstattung: 1.200,50 €')).toBeTruthy();
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Buchung stornieren' })).toBeNull();
  });

  it('refuses a refund above what was paid before asking the server', async () => {
    const cancel = vi.fn(() => ({ data: { cancelBooking: { __typename: 'UpdateResult', exception: null } } }));
    show([load(paid), refundable, { request: { query: CANCEL_BOOKING, variables: () => true }, result: cancel }]);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Grund'), { target: { value: 'Wasserschaden' } });
    fireEvent.change(within(dialog).getByLabelText('Erstattung (€)'), { target: { value: '3265,01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
    expect(await within(dialog).findByText('Höchstens 3.265,00 € (bezahlt, abzüglich schon erstattet).')).toBeTruthy();
    expect(cancel).not.toHaveBeenCalled();
  });

  it("shows the server's refusal at its field, in German", async () => {
    show([
      load(paid),
      refundable,
      { request: { query: CANCEL_BOOKING, variables: { rentingId: 'r-1', reason: 'Wasserschaden', refundCents: 326500 } }, result: exception('refundCents', 'REFUND_OUT_OF_BOUNDS', { max: '3000.00' }) },
    ]);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Grund'), { target: { value: 'Wasserschaden' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
    expect(await within(dialog).findByText('Die Erstattung muss zwischen 0 und 3000,00 € liegen (bezahlt, abzüglich schon erstattet).')).toBeTruthy();
  });
});

describe('Vertrag neu ausstellen', () => {
  it('reissues an open contract after the confirmation, and only an open one offers it', async () => {
    const reissue = vi.fn(() => ({ data: { reissueContract: { __typename: 'UpdateResult', exception: null } } }));
    const open = booking({ ...paid, state: 'CONTRACT_REQUESTED', apartmentPaid: false, contractSigned: false });
    show([load(open), { request: { query: REISSUE_CONTRACT, variables: { rentingId: 'r-1' } }, result: reissue }, load(open)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Vertrag neu ausstellen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Neu ausstellen' }));
    expect(await screen.findByText('Der neue Vertrag wird erstellt und dem Mieter per E-Mail geschickt.')).toBeTruthy();
    expect(reissue).toHaveBeenCalledTimes(1);
  });

  it('is not offered once the contract is signed', async () => {
    show([load(paid)]);
    expect(await screen.findByTestId('booking-r-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vertrag neu ausstellen' })).toBeNull();
  });
});
