import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import { REQUEST_PAGE_LINK, RENTER_PAGE, WITHDRAW_REQUEST } from './MyBooking.graphql';
import { MY_MAILS } from './MyData.graphql';
import { ERASURE_STATE } from './Erasure.graphql';
import { CONFIRM_HANDOVER } from './myBooking/Handover.graphql';

function booking(state: string, dates: Record<string, string | null>, extra: Record<string, unknown> = {}) {
  return {
    __typename: 'Booking',
    rentingId: `r-${state}`,
    state,
    renewal: false,
    renewalDeadline: null,
    apartment: { __typename: 'Apartment', id: 3, name: 'B01' },
    semester: { __typename: 'Semester', id: 7, name: 'SoSe 2027', startDate: '2027-04-01', endDate: '2027-09-30' },
    createdDate: '2027-01-05T10:00:00Z',
    emailConfirmedDate: null,
    ownerAcknowledgedDate: null,
    contractSignedDate: null,
    paidDate: null,
    accessKey: null,
    ...dates,
    ...extra,
  };
}

/** The payment service's record of a booking's payment, as the renting subgraph answers it. */
function payment(rentingId: string, extra: Record<string, unknown> = {}) {
  return { __typename: 'RenterPayment', rentingId, amount: 1440, currency: 'EUR', status: 'OPEN', createdAt: '2027-01-08T10:00:00Z', paidAt: null, receiptNumber: null, ...extra };
}

const paidOn9th = { status: 'PAID', paidAt: '2027-01-09T10:00:00Z', receiptNumber: 17 };

function page(language: string, bookings: unknown[], payments: unknown[] = [], handovers: unknown[] = []) {
  return {
    data: {
      renterPage: {
        __typename: 'RenterPage',
        token: 't1',
        firstName: 'Anna',
        lastName: 'Schmidt',
        email: 'anna@example.org',
        language,
        street: 'Plöck 42',
        zip: '69117',
        city: 'Heidelberg',
        country: 'DEU',
        birthday: '2004-05-17',
        phone: '+49 151 23456789',
        nationality: 'de',
        gender: 'female',
        emailValidated: true,
        linkExpiresAt: '2027-02-04T10:00:00Z',
        bookings,
        payments,
        handovers,
      },
    },
  };
}

/** The erasure part of the page asks on its own (Erasure.test.tsx covers it): no request yet. */
const noErasure = {
  request: { query: ERASURE_STATE, variables: { token: 't1' } },
  result: { data: { renterPage: { __typename: 'RenterPage', token: 't1', erasureRequestedAt: null } } },
};

const confirmed = { emailConfirmedDate: '2027-01-06T10:00:00Z', ownerAcknowledgedDate: '2027-01-07T10:00:00Z' };

/** The document service's list of the renter's documents (its own test is MyDocuments.test.tsx). */
const identityCard = { id: 'd-1', type: 'IDENTITY_CARD_FRONT', fileName: 'personalausweis-vorne-7.jpg', contentType: 'image/jpeg', size: 1000, uploadedAt: '2027-01-08T10:00:00Z' };

describe('my booking', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ documents: [identityCard] }))));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each booking with its steps and dates and the action that applies now, in the renter’s language', async () => {
    renderRoute('/booking/my-booking?token=t1', {
      mocks: [
        noErasure,
        {
          request: { query: RENTER_PAGE, variables: { token: 't1' } },
          result: page(
            'de',
            [
              booking('CONTRACT_REQUESTED', confirmed),
              booking('UNPAID', { ...confirmed, contractSignedDate: '2027-01-08T10:00:00Z' }),
              booking('PAYED', { ...confirmed, contractSignedDate: '2027-01-08T10:00:00Z', paidDate: '2027-01-09T10:00:00Z' }, { accessKey: '4711' }),
            ],
            [payment('r-UNPAID', { status: 'FAILED', amount: 1234.5 }), payment('r-PAYED', paidOn9th)],
          ),
        },
      ],
    });
    expect(await screen.findByText('Hallo Anna Schmidt, hier siehst du, wo deine Buchungen stehen.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2, name: 'Apartment B01, SoSe 2027' })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Mietvertrag unterschreiben' }).getAttribute('href')).toBe('/booking/step4?rentingId=r-CONTRACT_REQUESTED');
    expect(screen.getAllByText(/E-Mail bestätigt: 06\.01\.2027/)).toHaveLength(3);
    // one line per payment, in the booking it pays; a booking without a payment has none
    const [requested, unpaid, paid] = screen.getAllByRole('article');
    expect(requested.textContent).not.toContain('Zahlung:');
    expect(unpaid.textContent).toContain('Zahlung: 1.234,50\u00a0€, offen (der letzte Versuch ist fehlgeschlagen)');
    expect(paid.textContent).toContain('Zahlung: 1.440,00\u00a0€, bezahlt am 09.01.2027, Quittung Nr. 17');
    expect(screen.getByText('4711')).toBeTruthy();
    // only the unpaid booking offers to pay
    expect(screen.getAllByRole('link', { name: 'Miete bezahlen' }).map((a) => a.getAttribute('href'))).toEqual(['/booking/step5?rentingId=r-UNPAID']);
    expect(screen.getByRole('heading', { level: 2, name: 'Deine Daten' })).toBeTruthy();
    expect(screen.getByText('Plöck 42')).toBeTruthy();
    // codes as the booking form offered them, in German
    expect(screen.getAllByText('Deutschland')).toHaveLength(2); // country and nationality
    for (const shown of ['Weiblich', 'Deutsch', '17.05.2004']) expect(screen.getByText(shown)).toBeTruthy();
  });

  it('downloads all the renter’s data as JSON with the mails to them and their documents’ list, without the link', async () => {
    const files: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      files.push(blob);
      return 'blob:my-data';
    };
    URL.revokeObjectURL = () => {};
    renderRoute('/booking/my-booking?token=t1', {
      mocks: [
        noErasure,
        noErasure, // asked again when the mails' answer updates the page
        {
          request: { query: RENTER_PAGE, variables: { token: 't1' } },
          result: page('en', [booking('PAYED', confirmed, { accessKey: '4711' })], [payment('r-PAYED', paidOn9th)]),
        },
        {
          request: { query: MY_MAILS, variables: { token: 't1' } },
          result: {
            data: {
              renterPage: {
                __typename: 'RenterPage',
                token: 't1',
                mails: [{ __typename: 'RenterMail', subject: 'Payment received', text: 'Hello Anna Schmidt,', writtenAt: '2027-01-09T10:00:00Z', sentAt: '2027-01-09T10:00:02Z' }],
              },
            },
          },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download all my data (JSON)' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const data = JSON.parse(await files[0].text()) as Record<string, unknown>;
    expect(data).toMatchObject({
      firstName: 'Anna',
      street: 'Plöck 42',
      bookings: [{ rentingId: 'r-PAYED', accessKey: '4711' }],
      payments: [{ rentingId: 'r-PAYED', amount: 1440, currency: 'EUR', status: 'PAID', createdAt: '2027-01-08T10:00:00Z', paidAt: '2027-01-09T10:00:00Z', receiptNumber: 17 }],
      mails: [{ subject: 'Payment received', sentAt: '2027-01-09T10:00:02Z' }],
      documents: [identityCard],
    });
    expect(fetch).toHaveBeenCalledWith('/api/my-booking/documents?token=t1');
    expect(Object.keys(data)).not.toContain('token');
    expect(JSON.stringify(data)).not.toContain('__typename');
  });

  it('withdraws a request whose address is not confirmed yet, then shows it cancelled', async () => {
    const refetched = page('en', [booking('CANCELED', {})]);
    renderRoute('/booking/my-booking?token=t1', {
      mocks: [
        noErasure,
        noErasure, // asked again when the page is fetched again
        { request: { query: RENTER_PAGE, variables: { token: 't1' } }, result: page('en', [booking('APARTMENT_REQUESTED', {})]) },
        {
          request: { query: WITHDRAW_REQUEST, variables: { token: 't1', rentingId: 'r-APARTMENT_REQUESTED' } },
          result: { data: { withdrawRentingRequest: { __typename: 'UpdateResult', exception: null } } },
        },
        { request: { query: RENTER_PAGE, variables: { token: 't1' } }, result: refetched },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw this request' }));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw this request' })).toBeNull();
  });

  it('shows the handover in the booking that ended and, once confirmed, the answer instead of the actions', async () => {
    const handover = (extra: Record<string, unknown>) => ({
      __typename: 'Handover',
      rentingId: 'r-PAYED',
      date: '2027-09-30',
      meterReadings: [],
      damages: [],
      depositCents: 80000,
      deductionsCents: 0,
      refundCents: 80000,
      status: 'RECORDED',
      answerDeadline: '2099-12-31',
      disputeReason: null,
      answeredAt: null,
      settlement: null,
      ...extra,
    });
    const paid = booking('PAYED', confirmed);
    renderRoute('/booking/my-booking?token=t1', {
      mocks: [
        noErasure,
        noErasure, // asked again when the page is fetched again
        { request: { query: RENTER_PAGE, variables: { token: 't1' } }, result: page('en', [paid], [], [handover({})]) },
        {
          request: { query: CONFIRM_HANDOVER, variables: { token: 't1', rentingId: 'r-PAYED' } },
          result: { data: { confirmHandover: { __typename: 'UpdateResult', exception: null } } },
        },
        {
          request: { query: RENTER_PAGE, variables: { token: 't1' } },
          result: page('en', [paid], [], [handover({ status: 'CONFIRMED', answeredAt: '2027-10-01T08:00:00Z' })]),
        },
      ],
    });
    const section = await screen.findByRole('region', { name: 'Apartment handover' });
    expect(screen.getByRole('article').contains(section)).toBe(true);
    expect(section.textContent).toContain('No damages were recorded.');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm handover' }));
    expect(await screen.findByText('You confirmed the handover on 1 October 2027.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm handover' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dispute' })).toBeNull();
  });

  it('an unknown or expired link offers a new one; the answer does not tell whether the address is known', async () => {
    renderRoute('/booking/my-booking?token=old', {
      mocks: [
        { request: { query: RENTER_PAGE, variables: { token: 'old' } }, result: { data: { renterPage: null } } },
        {
          request: { query: REQUEST_PAGE_LINK, variables: { email: 'anna@example.org' } },
          result: { data: { requestRenterPageLink: { __typename: 'UpdateResult', exception: null } } },
        },
      ],
    });
    expect(await screen.findByText('This link does not work (any more). Ask for a new one below.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: ' anna@example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText('If we know this address, a new link is on its way. Please check your inbox.')).toBeTruthy();
  });

  it('a malformed address is refused with a clear message', async () => {
    renderRoute('/booking/my-booking', {
      language: 'de',
      mocks: [
        {
          request: { query: REQUEST_PAGE_LINK, variables: { email: 'anna@localhost' } },
          result: {
            data: {
              requestRenterPageLink: {
                __typename: 'UpdateResult',
                exception: { __typename: 'UserDataException', path: 'email', messageId: 'INVALID_EMAIL', params: [] },
              },
            },
          },
        },
      ],
    });
    fireEvent.change(await screen.findByLabelText('E-Mail-Adresse'), { target: { value: 'anna@localhost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Neuen Link schicken' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('E-Mail-Adresse');
  });
});
