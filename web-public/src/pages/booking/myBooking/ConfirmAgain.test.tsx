import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '../../../test/i18n';
import type { Language } from '../../../lib/language';
import { ConfirmAgain } from './ConfirmAgain';
import { RESEND_CONFIRMATION } from './ConfirmAgain.graphql';

function renderConfirmAgain(exception: unknown, language: Language = 'en') {
  const mocks: MockLink.MockedResponse[] = [
    {
      request: { query: RESEND_CONFIRMATION, variables: { token: 't1', rentingId: 'r-1' } },
      result: { data: { resendConfirmationMail: { __typename: 'UpdateResult', exception } } },
    },
  ];
  return render(
    <MockedProvider mocks={mocks}>
      <I18nextProvider i18n={testI18n(language)}>
        <ConfirmAgain token="t1" rentingId="r-1" />
      </I18nextProvider>
    </MockedProvider>,
  );
}

describe('confirm again on my booking', () => {
  it('asks for a new confirmation link and says it is on its way', async () => {
    renderConfirmAgain(null);
    fireEvent.click(screen.getByRole('button', { name: 'Send the confirmation link again' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'A new confirmation link is on its way, unless we sent one a few minutes ago. Please check your inbox.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says in German when the request is confirmed already', async () => {
    renderConfirmAgain({ __typename: 'UserDataException', path: 'rentingId', messageId: 'TRANSITION_NOT_ALLOWED', params: [] }, 'de');
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigungslink erneut senden' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Das ist im aktuellen Stand deiner Buchung nicht möglich');
  });
});
