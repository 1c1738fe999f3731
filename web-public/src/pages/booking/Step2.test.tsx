import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { renderRoute } from '../../test/render';
import { APARTMENT_AVAILABILITY, BOOK_APARTMENT, BOOKABLE_SEMESTER, CREATE_RENTING_REQUEST } from './Step2.graphql';

const semester = { __typename: 'Semester', id: 7, name: 'SoSe 2027', startDate: '2027-04-01', endDate: '2027-09-30' };

const semesterMock = { request: { query: BOOKABLE_SEMESTER }, result: { data: { bookableSemester: semester } } };
const bookMock = {
  request: { query: BOOK_APARTMENT, variables: { aid: 3, sid: 7 } },
  result: {
    data: {
      bookApartment: {
        __typename: 'BookApartment',
        apartment: {
          __typename: 'Apartment',
          id: 3,
          name: 'B01',
          descriptionDe: 'Helles Zimmer',
          descriptionEn: 'Bright room',
          pricePerMonth: 450,
          features: ['SIZE_22', 'BALCONY'],
          pictures: [
            {
              __typename: 'Picture',
              name: 'room',
              url: '/pictures/b01-960.webp',
              width: 960,
              height: 640,
              sources: [{ __typename: 'PictureSource', type: 'image/webp', srcset: '/pictures/b01-480.webp 480w, /pictures/b01-960.webp 960w' }],
              descriptionDe: 'Zimmer',
              descriptionEn: 'Room',
            },
          ],
        },
        semester,
        priceCalculation: {
          __typename: 'PriceCalculation',
          items: [{ __typename: 'PriceItem', textDe: 'Miete', textEn: 'Rent', qty: 6, amount: 450, total: 2700 }],
          total: 2700,
        },
      },
    },
  },
};

function availabilityMock(free: boolean) {
  return {
    request: { query: APARTMENT_AVAILABILITY },
    result: {
      data: {
        availableApartments: {
          __typename: 'AvailableApartments',
          bookableSemester: { __typename: 'Semester', id: 7 },
          apartmentBookable: [
            { __typename: 'ApartmentAvailability', apartmentId: 3, free },
            { __typename: 'ApartmentAvailability', apartmentId: 4, free: !free },
          ],
        },
      },
    },
  };
}
const freeMock = availabilityMock(true);

const expectedCreate = {
  apartmentId: 3,
  semesterId: 7,
  birthday: '2003-02-01',
  city: 'Heidelberg',
  country: 'DEU',
  email: 'anna.muster@example.org',
  firstName: 'Anna',
  lastName: 'Muster',
  gender: 'female',
  identityCardFront: btoa('front'),
  identityCardBack: btoa('back'),
  nationality: 'de',
  phone: '+49 151 12345678',
  street: 'Hauptstraße 1',
  zip: '69117',
  language: 'en',
  immatriculation: btoa('cert'),
  offerToken: null,
};

function createMock(result: object) {
  return { request: { query: CREATE_RENTING_REQUEST, variables: { create: expectedCreate } }, ...result };
}

const SLOTS = ['identityCardFront', 'identityCardBack', 'immatriculation'];

function upload(slot: string, content: string, name: string, type: string) {
  const input = document.querySelectorAll('input[type=file]')[SLOTS.indexOf(slot)];
  fireEvent.change(input, { target: { files: [new File([content], name, { type })] } });
}

async function fillSampleAndSubmit() {
  await screen.findByRole('heading', { name: 'Apartment B01' });
  await screen.findByRole('heading', { name: 'Your details' }); // the form is a chunk of its own
  upload('identityCardFront', 'front', 'front.png', 'image/png');
  upload('identityCardBack', 'back', 'back.jpg', 'image/jpeg');
  upload('immatriculation', 'cert', 'cert.pdf', 'application/pdf');
  await waitFor(() => expect(screen.getByText('cert.pdf')).toBeTruthy());
  fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of use' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'I have read the privacy disclaimer' }));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Book apartment' }));
  });
}

describe('Step2', () => {
  it('shows the apartment, its features and price summary', async () => {
    renderRoute('/booking/step2?apartment-id=3', { mocks: [semesterMock, freeMock, bookMock] });
    expect(await screen.findByRole('heading', { name: 'Apartment B01' })).toBeTruthy();
    expect(screen.getByText('Bright room')).toBeTruthy();
    expect(screen.getByText('Balcony')).toBeTruthy();
    expect(screen.getByText('22 m²')).toBeTruthy();
    expect(screen.getByText('€450.00')).toBeTruthy();
    expect(screen.getAllByText('€2,700.00').length).toBeGreaterThan(0);
    expect(screen.getByText('1 April 2027')).toBeTruthy();
    expect(screen.getByText('30 September 2027')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Room' }).length).toBeGreaterThan(0);
  });

  it('with the renter parameter (extend flag) offers the renewal of that renting instead of the booking form', async () => {
    const { router } = renderRoute('/booking/step2?apartment-id=3&renter=r-5', { mocks: [semesterMock, freeMock, bookMock] });
    expect(await screen.findByRole('heading', { name: 'Apartment B01' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book apartment' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Extend your stay' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/booking/extend?rentingId=r-5'));
  });

  it('with the renter parameter and the renewal token passes the token on to the extend page', async () => {
    const { router } = renderRoute('/booking/step2?apartment-id=3&renter=r-5&token=t-1', { mocks: [semesterMock, freeMock, bookMock] });
    expect(await screen.findByRole('heading', { name: 'Apartment B01' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Extend your stay' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/booking/extend?rentingId=r-5&token=t-1'));
  });

  it('keeps submit disabled until terms and privacy are ticked, and shows errors only after submitting', async () => {
    renderRoute('/booking/step2?apartment-id=3', { mocks: [semesterMock, freeMock, bookMock] });
    await screen.findByRole('heading', { name: 'Apartment B01' });
    await screen.findByRole('heading', { name: 'Your details' }); // the form is a chunk of its own
    const submit = screen.getByRole('button', { name: 'Book apartment' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of use' }));
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read the privacy disclaimer' }));
    expect(submit.disabled).toBe(false);
    const firstName = screen.getByLabelText('First name');
    fireEvent.change(firstName, { target: { value: 'x' } });
    fireEvent.change(firstName, { target: { value: '' } });
    expect(screen.queryAllByText('Please fill in this field')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(submit);
    });
    // first and last name, street, zip, city, birthday, phone, e-mail, confirm e-mail; each upload names its document
    await waitFor(() => expect(screen.getAllByText('Please fill in this field')).toHaveLength(9));
    for (const text of ['Missing identity card (front)', 'Missing identity card (back)', 'Missing CertificateOfEnrollment'])
      expect(screen.getByText(text)).toBeTruthy();
  });

  it('checks e-mail, confirmation and birthday', async () => {
    renderRoute('/booking/step2?apartment-id=3', { mocks: [semesterMock, freeMock, bookMock] });
    await screen.findByRole('heading', { name: 'Apartment B01' });
    await screen.findByRole('heading', { name: 'Your details' }); // the form is a chunk of its own
    expect(screen.getByLabelText('Birthday').getAttribute('placeholder')).toBe('YYYY-MM-DD');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'anna.example.org' } });
    fireEvent.change(screen.getByLabelText('Confirm e-mail'), { target: { value: 'other@example.org' } });
    fireEvent.change(screen.getByLabelText('Birthday'), { target: { value: '31.02.2003' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of use' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read the privacy disclaimer' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book apartment' }));
    });
    expect(await screen.findByText('The e-mail addresses do not match')).toBeTruthy();
    expect(screen.getAllByText('This value is invalid')).toHaveLength(2);
  });

  it('sends the booking with base64 files and goes to step2done', async () => {
    const { router } = renderRoute('/booking/step2?apartment-id=3&dummy', {
      mocks: [semesterMock, freeMock, bookMock, createMock({ result: { data: { createRentingRequest: { __typename: 'RentingResult', uuid: 'u-1', exception: null } } } })],
    });
    await fillSampleAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step2done'));
  });

  it('shows a backend exception translated with its params', async () => {
    renderRoute('/booking/step2?apartment-id=3&dummy', {
      mocks: [
        freeMock,
        semesterMock,
        bookMock,
        createMock({
          result: {
            data: {
              createRentingRequest: {
                __typename: 'RentingResult',
                uuid: null,
                exception: { __typename: 'UserDataException', path: 'birthday', messageId: 'TOO_YOUNG', params: [{ __typename: 'KeyValue', key: 'min', value: '17' }] },
              },
            },
          },
        }),
      ],
    });
    await fillSampleAndSubmit();
    expect(await screen.findByText('error occurred: You must be at least 17 years old')).toBeTruthy();
  });

  it('shows Backend Error when the result has neither uuid nor exception', async () => {
    renderRoute('/booking/step2?apartment-id=3&dummy', {
      mocks: [semesterMock, freeMock, bookMock, createMock({ result: { data: { createRentingRequest: { __typename: 'RentingResult', uuid: null, exception: null } } } })],
    });
    await fillSampleAndSubmit();
    expect(await screen.findByText('Backend Error')).toBeTruthy();
  });

  it('shows doc_too_large on HTTP 413', async () => {
    const error = new ServerError('Payload Too Large', { response: new Response('', { status: 413 }), bodyText: '' });
    renderRoute('/booking/step2?apartment-id=3&dummy', { mocks: [semesterMock, freeMock, bookMock, createMock({ error })] });
    await fillSampleAndSubmit();
    expect(await screen.findByText('The chosen document is too large')).toBeTruthy();
  });

  it('over the booking limit (HTTP 429 TOO_MANY_REQUESTS) says in how many minutes to try again', async () => {
    const body = '{"errors":[{"message":"too many booking requests; try again later","extensions":{"code":"TOO_MANY_REQUESTS","retryAfter":600}}]}';
    const error = new ServerError('Too Many Requests', {
      response: new Response(body, { status: 429, headers: { 'Retry-After': '600', 'Content-Type': 'application/json' } }),
      bodyText: body,
    });
    renderRoute('/booking/step2?apartment-id=3&dummy', { mocks: [semesterMock, freeMock, bookMock, createMock({ error })] });
    await fillSampleAndSubmit();
    expect(
      await screen.findByText('Too many booking requests from here. Please try again in 10 min.'),
    ).toBeTruthy();
  });

  it('over the mails to one address (TOO_MANY_MAILS on email) says to look in the inbox or when to try again', async () => {
    renderRoute('/booking/step2?apartment-id=3&dummy', {
      mocks: [
        semesterMock,
        freeMock,
        bookMock,
        createMock({
          result: {
            data: {
              createRentingRequest: {
                __typename: 'RentingResult',
                uuid: null,
                exception: { __typename: 'UserDataException', path: 'email', messageId: 'TOO_MANY_MAILS', params: [{ __typename: 'KeyValue', key: 'minutes', value: '42' }] },
              },
            },
          },
        }),
      ],
    });
    await fillSampleAndSubmit();
    expect(
      await screen.findByText('error occurred: We have sent several mails to this e-mail address just now. Please look in your inbox, or try again in 42 min.'),
    ).toBeTruthy();
  });

  it('shows the retry error when the apartment cannot be loaded', async () => {
    renderRoute('/booking/step2?apartment-id=3', {
      mocks: [semesterMock, { request: bookMock.request, error: new Error('down') }],
    });
    expect(await screen.findByText('error occurred: retry')).toBeTruthy();
  });

  it('a waitlist offer\'s link books the apartment held for it: no "already booked", a notice instead', async () => {
    renderRoute('/booking/step2?apartment-id=3&offer=offer-token', { mocks: [semesterMock, availabilityMock(false), bookMock] });
    expect(await screen.findByTestId('offer-notice')).toBeTruthy();
    expect(screen.getByText(/Apartment B01 is held for you through your waitlist offer/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This apartment is already booked' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Book now' })).toBeTruthy();
  });

  it('a booked apartment offers neither Book now nor the form, but another apartment', async () => {
    renderRoute('/booking/step2?apartment-id=3', { mocks: [semesterMock, availabilityMock(false), bookMock] });
    expect(await screen.findByRole('heading', { name: 'This apartment is already booked' })).toBeTruthy();
    expect(screen.getByText('Somebody has booked apartment B01 for SoSe 2027. Please choose another apartment.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Book now' })).toBeNull();
    expect(document.getElementById('booking-form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose another apartment' }).getAttribute('href')).toBe('/booking/step1');
  });

  it('an apartment id nobody has says so instead of retry (NO_APARTMENT)', async () => {
    const error = new CombinedGraphQLErrors({
      errors: [{ message: 'No Apartment found with id 9999.', extensions: { messageId: 'NO_APARTMENT', params: { id: '9999' } } }],
    });
    renderRoute('/booking/step2?apartment-id=9999', {
      mocks: [semesterMock, freeMock, { request: { query: BOOK_APARTMENT, variables: { aid: 9999, sid: 7 } }, error }],
    });
    expect(await screen.findByText('No Apartment found with id 9999.')).toBeTruthy();
  });
});
