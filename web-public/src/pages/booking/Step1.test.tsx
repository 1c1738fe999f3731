import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import { AVAILABLE_APARTMENTS, RESELECT_APARTMENT } from './Step1.graphql';

const apartment = (id: number, name: string, pricePerMonth: number) => ({
  __typename: 'Apartment',
  id,
  name,
  pricePerMonth,
  x: 0.1,
  y: 0.2,
});

const availableMock = {
  request: { query: AVAILABLE_APARTMENTS },
  result: {
    data: {
      availableApartments: {
        __typename: 'AvailableApartments',
        bookableSemester: { __typename: 'Semester', id: 7, name: 'SoSe 2027' },
        building: {
          __typename: 'Building',
          id: 1,
          name: 'Neckarblick',
          floors: [
            { __typename: 'Floor', id: 1, name: 'EG', plan: '/groundplan/EG.svg', apartments: [apartment(1, 'A01', 450), apartment(2, 'A02', 480)] },
            { __typename: 'Floor', id: 2, name: '1. OG', plan: '/groundplan/OG1.svg', apartments: [apartment(3, 'B01', 500)] },
            { __typename: 'Floor', id: 3, name: '2. OG', plan: 'https://plans.example.org/og2.svg', apartments: [apartment(4, 'C01', 520)] },
          ],
        },
        apartmentBookable: [
          { __typename: 'ApartmentAvailability', apartmentId: 1, free: true },
          { __typename: 'ApartmentAvailability', apartmentId: 2, free: false },
          { __typename: 'ApartmentAvailability', apartmentId: 3, free: true },
          { __typename: 'ApartmentAvailability', apartmentId: 4, free: true },
        ],
      },
    },
  },
};

describe('Step1', () => {
  it('lists the first floor: free apartments link to step2, taken ones are labelled and not links', async () => {
    renderRoute('/booking/step1', { mocks: [availableMock] });
    const free = await screen.findByTestId('apartment-1');
    expect(within(free).getByRole('link').getAttribute('href')).toBe('/booking/step2?apartment-id=1');
    expect(within(free).getByText('Free')).toBeTruthy();
    expect(within(free).getByText('€450.00 per month incl. utilities')).toBeTruthy();
    const taken = screen.getByTestId('apartment-2');
    expect(within(taken).queryByRole('link')).toBeNull();
    expect(within(taken).getByText('Booked')).toBeTruthy();
    expect(screen.queryByText('Ouch! Somebody was faster than you')).toBeNull();
  });

  it('floor arrows wrap around', async () => {
    renderRoute('/booking/step1', { mocks: [availableMock] });
    await screen.findByTestId('apartment-1');
    fireEvent.click(screen.getByRole('button', { name: 'Next floor down' }));
    expect(screen.getByTestId('floor-name').textContent).toContain('2. OG');
    expect(screen.getByTestId('apartment-4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next floor up' }));
    expect(screen.getByTestId('floor-name').textContent).toContain('EG');
    fireEvent.click(screen.getByRole('button', { name: 'Next floor up' }));
    expect(screen.getByTestId('floor-name').textContent).toContain('1. OG');
  });

  it('shows the failure heading when the booking failed', async () => {
    renderRoute('/booking/step1?booking=failed', { mocks: [availableMock] });
    expect(await screen.findByText('Ouch! Somebody was faster than you')).toBeTruthy();
  });

  it('in German shows German prices and labels', async () => {
    renderRoute('/booking/step1', { mocks: [availableMock], language: 'de' });
    const free = await screen.findByTestId('apartment-1');
    expect(within(free).getByText('Frei')).toBeTruthy();
    expect(free.textContent?.replace(/\u00a0/g, ' ')).toContain('450,00 € pro Monat');
  });

  it('with a renting id, choosing a free apartment reselects it instead of going to step2', async () => {
    const reselectMock = {
      request: { query: RESELECT_APARTMENT, variables: { request: { rentingId: 'r-9', apartmentId: 3 } } },
      result: {
        data: { reselectApartment: { __typename: 'RentingResult', uuid: 'r-9', exception: null } },
      },
    };
    const { router } = renderRoute('/booking/step1?booking=failed&rentingId=r-9', { mocks: [availableMock, reselectMock] });
    await screen.findByTestId('apartment-1');
    fireEvent.click(screen.getByRole('button', { name: 'Next floor up' }));
    const card = screen.getByTestId('apartment-3');
    expect(within(card).queryByRole('link')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step3done'));
    expect(router.state.location.search).toBe('?rentingId=r-9');
  });

  it('shows a reselect exception translated with its params', async () => {
    const reselectMock = {
      request: { query: RESELECT_APARTMENT, variables: { request: { rentingId: 'r-9', apartmentId: 1 } } },
      result: {
        data: {
          reselectApartment: {
            __typename: 'RentingResult',
            uuid: null,
            exception: { __typename: 'UserDataException', path: 'apartmentId', messageId: 'APARTMENT_TAKEN', params: [] },
          },
        },
      },
    };
    renderRoute('/booking/step1?rentingId=r-9', { mocks: [availableMock, reselectMock] });
    const card = await screen.findByTestId('apartment-1');
    fireEvent.click(within(card).getByRole('button', { name: 'Choose' }));
    expect(await screen.findByText('error occurred: The apartment has been taken meanwhile')).toBeTruthy();
  });
});

describe('Step1 floor plan', () => {
  it('marks every apartment on the plan; choosing a marker selects its card; changing floor clears it', async () => {
    renderRoute('/booking/step1', { mocks: [availableMock] });
    await screen.findByTestId('apartment-1');
    const plan = screen.getByTestId('floor-plan');
    expect(within(plan).getByRole('img').getAttribute('src')).toBe('/groundplan/EG.svg');
    const taken = within(plan).getByRole('button', { name: 'A02: Booked' }) as HTMLButtonElement;
    expect(taken.disabled).toBe(true);
    const marker = within(plan).getByRole('button', { name: 'A01: Free' });
    expect(marker.style.left).toBe('10%');
    expect(marker.style.top).toBe('20%');
    fireEvent.click(marker);
    expect(marker.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('apartment-1').getAttribute('data-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Next floor up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next floor down' }));
    expect(screen.getByTestId('apartment-1').getAttribute('data-selected')).toBe('false');
  });
});
