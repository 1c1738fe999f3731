import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import { AVAILABLE_APARTMENTS } from './Step1.graphql';
import { CONFIRM_WAITLIST_ENTRY, JOIN_WAITLIST } from './Waitlist.graphql';

function available(free: boolean) {
  return {
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
              {
                __typename: 'Floor',
                id: 1,
                name: 'EG',
                plan: '/groundplan/EG.svg',
                apartments: [{ __typename: 'Apartment', id: 1, name: 'A01', pricePerMonth: 450, x: 0.1, y: 0.2 }],
              },
            ],
          },
          apartmentBookable: [{ __typename: 'ApartmentAvailability', apartmentId: 1, free }],
        },
      },
    },
  };
}

const noException = { __typename: 'UpdateResult', exception: null };
const join = {
  semesterId: 7,
  email: 'lea@example.org',
  name: 'Lea Wagner',
  language: 'en',
  floorId: null,
  minSize: null,
};

// The form and antd load lazily, when the house is full: on a busy machine that takes a while.
const lazily = { timeout: 15_000 };

async function fillAndJoin() {
  fireEvent.change(await screen.findByLabelText('E-mail', {}, lazily), { target: { value: 'lea@example.org' } });
  fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Lea Wagner' } });
  fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
}

describe('the waitlist', () => {
  it('step1 offers it only when no apartment is free', async () => {
    renderRoute('/booking/step1', { mocks: [available(true)] });
    await screen.findByTestId('apartment-1');
    expect(screen.queryByTestId('waitlist')).toBeNull();
  });

  it('a full house offers to join; the answer says a link was mailed if the address is new', async () => {
    renderRoute('/booking/step1', {
      mocks: [available(false), { request: { query: JOIN_WAITLIST, variables: { join } }, result: { data: { joinWaitlist: noException } } }],
    });
    expect(await screen.findByRole('heading', { name: 'All apartments are taken: join the waitlist' }, lazily)).toBeTruthy();
    await fillAndJoin();
    expect(await screen.findByText(/If lea@example.org is not on the waitlist yet, we have sent a confirmation link/)).toBeTruthy();
  });

  it('shows the business exception in the reader\'s language', async () => {
    const exception = { __typename: 'UserDataException', path: 'semesterId', messageId: 'WAITLIST_NOT_NEEDED', params: [] };
    renderRoute('/booking/step1', {
      mocks: [available(false), { request: { query: JOIN_WAITLIST, variables: { join } }, result: { data: { joinWaitlist: { __typename: 'UpdateResult', exception } } } }],
    });
    await fillAndJoin();
    expect(await screen.findByText(/An apartment is free: you can book it right away/)).toBeTruthy();
  });

  it('shows a refused name at the name field as well as above the button', async () => {
    const exception = { __typename: 'UserDataException', path: 'name', messageId: 'INVALID_CHARACTER', params: [] };
    renderRoute('/booking/step1', {
      mocks: [available(false), { request: { query: JOIN_WAITLIST, variables: { join } }, result: { data: { joinWaitlist: { __typename: 'UpdateResult', exception } } } }],
    });
    await fillAndJoin();
    const text = /Please remove the invisible characters/;
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
    const name = screen.getByLabelText('Your name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('the confirmation link confirms with a button and says the place is confirmed', async () => {
    renderRoute('/booking/waitlist-confirm?token=tok-1', {
      language: 'de',
      mocks: [{ request: { query: CONFIRM_WAITLIST_ENTRY, variables: { token: 'tok-1' } }, result: { data: { confirmWaitlistEntry: noException } } }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Platz bestätigen' }, lazily));
    expect(await screen.findByRole('heading', { name: 'Du stehst auf der Warteliste' })).toBeTruthy();
  });

  it('a confirmation link that does not work says so', async () => {
    const exception = { __typename: 'UserDataException', path: 'token', messageId: 'WAITLIST_LINK_INVALID', params: [] };
    renderRoute('/booking/waitlist-confirm?token=old', {
      mocks: [{ request: { query: CONFIRM_WAITLIST_ENTRY, variables: { token: 'old' } }, result: { data: { confirmWaitlistEntry: { __typename: 'UpdateResult', exception } } } }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my place' }, lazily));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This confirmation link does not work'));
  });
});
