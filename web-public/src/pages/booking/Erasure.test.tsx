import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '../../test/i18n';
import { Erasure } from './Erasure';
import { ERASURE_STATE, REQUEST_ERASURE } from './Erasure.graphql';

function state(erasureRequestedAt: string | null): MockLink.MockedResponse {
  return {
    request: { query: ERASURE_STATE, variables: { token: 't1' } },
    result: { data: { renterPage: { __typename: 'RenterPage', token: 't1', erasureRequestedAt } } },
  };
}

function renderErasure(mocks: MockLink.MockedResponse[], language: 'de' | 'en' = 'en') {
  render(
    <MockedProvider mocks={mocks}>
      <I18nextProvider i18n={testI18n(language)}>
        <Erasure token="t1" />
      </I18nextProvider>
    </MockedProvider>,
  );
}

function requested(exception: unknown = null): MockLink.MockedResponse {
  return {
    request: { query: REQUEST_ERASURE, variables: { token: 't1' } },
    result: { data: { requestErasure: { __typename: 'UpdateResult', exception } } },
  };
}

describe('erasure on the renter’s page', () => {
  it('asks only after the confirmation, then says since when the request stands', async () => {
    renderErasure([state(null), requested(), state('2027-05-03T10:00:00Z')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Ask to erase my data' }));
    expect(await screen.findByText('Erase your data?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, erase my data' }));
    expect((await screen.findByRole('status')).textContent).toContain('You asked on 3 May 2027 to erase your data.');
    expect(screen.queryByRole('button', { name: 'Ask to erase my data' })).toBeNull();
  });

  it('a request made before shows no button, in German', async () => {
    renderErasure([state('2027-05-03T10:00:00Z')], 'de');
    expect((await screen.findByRole('status')).textContent).toContain('Du hast am 03.05.2027 die Löschung deiner Daten beantragt.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an expired link is a clear message', async () => {
    renderErasure([
      state(null),
      requested({ __typename: 'UserDataException', path: 'token', messageId: 'PAGE_LINK_INVALID', params: [] }),
      state(null),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Ask to erase my data' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, erase my data' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This link does not work (any more): ask for a new one');
  });

  it.each([
    ['en', 'Ask to erase my data', 'Yes, erase my data', 'We have mailed you a new link to “My booking”: open it and ask there once more.'],
    ['de', 'Löschung meiner Daten beantragen', 'Ja, meine Daten löschen', 'Wir haben dir einen neuen Link zu „Meine Buchung“ geschickt: öffne ihn und beantrage es dort noch einmal.'],
  ] as const)('a link from an older mail (ERASURE_LINK_MAILED) says in %s that a fresh one is on its way, and asks nothing', async (language, ask, yes, text) => {
    renderErasure([
      state(null),
      requested({ __typename: 'UserDataException', path: 'token', messageId: 'ERASURE_LINK_MAILED', params: [] }),
      state(null),
    ], language);
    fireEvent.click(await screen.findByRole('button', { name: ask }));
    fireEvent.click(await screen.findByRole('button', { name: yes }));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
