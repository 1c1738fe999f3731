import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import { APPROVE_RENEWAL, DECLINE_RENEWAL, EXTEND_BOOKING } from './Extend.graphql';

const semester = { __typename: 'Semester', id: 8, name: 'WiSe 2027/28', startDate: '2027-10-01', endDate: '2028-03-31' };
const renter = {
  __typename: 'RenterForRenewal',
  birthday: '2003-02-01',
  city: 'Heidelberg',
  country: 'DEU',
  email: 'anna@example.org',
  firstName: 'Anna',
  lastName: 'Muster',
  zip: '69117',
  gender: 'female',
  phone: '+49 151 1',
  street: 'Hauptstraße 1',
  nationality: 'de',
};
const extendMock = {
  request: { query: EXTEND_BOOKING, variables: { rentingId: 'r-5', token: 't-1' } },
  result: {
    data: {
      extendBookingQuery: {
        __typename: 'ExtendBooking',
        apartment: {
          __typename: 'Apartment',
          id: 3,
          name: 'B01',
          descriptionDe: '',
          descriptionEn: '',
          pricePerMonth: 450,
          features: [],
          pictures: [],
        },
        semester,
        priceCalculation: {
          __typename: 'PriceCalculation',
          items: [{ __typename: 'PriceItem', textDe: 'Miete', textEn: 'Rent', qty: 6, amount: 450, total: 2700 }],
          total: 2700,
        },
      },
      renterByRentingId: renter,
    },
  },
};

const result = (field: string, uuid: string | null, exception: object | null = null) => ({
  data: { [field]: { __typename: 'RentingResult', uuid, exception } },
});

describe('Extend', () => {
  it('shows the offer and the renter data', async () => {
    renderRoute('/booking/extend?rentingId=r-5&token=t-1', { mocks: [extendMock] });
    expect(await screen.findByRole('heading', { name: 'Extend your stay' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Accept' }); // the form is a chunk of its own
    expect(screen.getByText('Would you like to stay in apartment B01 for the semester WiSe 2027/28?')).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getAllByText('€2,700.00').length).toBeGreaterThan(0);
  });

  it('says so when the renewal is not open', async () => {
    renderRoute('/booking/extend?rentingId=r-5&token=t-1', {
      mocks: [{ request: extendMock.request, result: { data: { extendBookingQuery: null, renterByRentingId: null } } }],
    });
    expect(await screen.findByText('This renewal is not open (any more).')).toBeTruthy();
  });

  it('without the token of the renewal mail asks nothing and says the link is not valid', async () => {
    renderRoute('/booking/extend?rentingId=r-5');
    expect(await screen.findByText('This renewal link is not valid. Please open the link from your renewal e-mail.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Extend your stay' })).toBeNull();
  });

  it.each([
    ['en', 'RENEWAL_LINK_INVALID', 'This renewal link is not valid. Please open the link from your renewal e-mail.'],
    ['de', 'RENEWAL_LINK_INVALID', 'Dieser Verlängerungslink ist ungültig. Bitte öffne den Link aus deiner Verlängerungs-E-Mail.'],
    ['en', 'RENEWAL_LINK_EXPIRED', 'The deadline for answering this renewal has passed.'],
    ['de', 'RENEWAL_LINK_EXPIRED', 'Die Frist für die Antwort auf diese Verlängerung ist abgelaufen.'],
  ] as const)('in %s shows the refused link (%s) translated and no form', async (language, messageId, text) => {
    const refused = {
      request: extendMock.request,
      result: { errors: [{ message: messageId, path: ['extendBookingQuery'], extensions: { messageId, path: 'token', params: {} } }] },
    };
    renderRoute('/booking/extend?rentingId=r-5&token=t-1', { mocks: [refused], language });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('accepts with the enrollment certificate and goes to renewal-accepted', async () => {
    const approveMock = {
      request: {
        query: APPROVE_RENEWAL,
        variables: {
          rentingId: 'r-5',
          token: 't-1',
          rentingRenewal: {
            birthday: '2003-02-01',
            city: 'Heidelberg',
            country: 'DEU',
            firstName: 'Anna',
            lastName: 'Muster',
            gender: 'female',
            phone: '+49 151 1',
            street: 'Hauptstraße 1',
            zip: '69117',
            language: 'en',
            immatriculation: btoa('cert'),
            nationality: 'de',
          },
        },
      },
      result: result('approveRenewal', 'r-5'),
    };
    const { router } = renderRoute('/booking/extend?rentingId=r-5&token=t-1', { mocks: [extendMock, approveMock] });
    await screen.findByRole('heading', { name: 'Extend your stay' });
    await screen.findByRole('button', { name: 'Accept' }); // the form is a chunk of its own
    const accept = screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm that my data is correct' }));
    await act(async () => {
      fireEvent.click(accept);
    });
    expect(await screen.findByText('Missing CertificateOfEnrollment')).toBeTruthy();
    fireEvent.change(document.querySelector('input[type=file]')!, {
      target: { files: [new File(['cert'], 'cert.pdf', { type: 'application/pdf' })] },
    });
    await screen.findByText('cert.pdf');
    await act(async () => {
      fireEvent.click(accept);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/renewal-accepted'));
  });

  it('declines after confirmation and goes to renewal-declined', async () => {
    const declineMock = { request: { query: DECLINE_RENEWAL, variables: { rentingId: 'r-5', token: 't-1' } }, result: result('declineRenewal', 'r-5') };
    const { router } = renderRoute('/booking/extend?rentingId=r-5&token=t-1', { mocks: [extendMock, declineMock] });
    await screen.findByRole('heading', { name: 'Extend your stay' });
    await screen.findByRole('button', { name: 'Accept' }); // the form is a chunk of its own
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const confirm = await screen.findAllByRole('button', { name: 'Decline' });
    fireEvent.click(confirm[confirm.length - 1]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/renewal-declined'));
  });

  it('shows the generic banner when declining fails', async () => {
    const declineMock = { request: { query: DECLINE_RENEWAL, variables: { rentingId: 'r-5', token: 't-1' } }, error: new Error('down') };
    renderRoute('/booking/extend?rentingId=r-5&token=t-1', { mocks: [extendMock, declineMock] });
    await screen.findByRole('heading', { name: 'Extend your stay' });
    await screen.findByRole('button', { name: 'Accept' }); // the form is a chunk of its own
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const confirm = await screen.findAllByRole('button', { name: 'Decline' });
    fireEvent.click(confirm[confirm.length - 1]);
    expect(await screen.findByText('error occurred')).toBeTruthy();
  });
});
