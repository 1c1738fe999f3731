import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '../../../test/i18n';
import type { Language } from '../../../lib/language';
import type { MyHandoverFieldsFragment } from '../../../graphql/graphql';
import { HandoverSection, residenceToday } from './HandoverSection';
import { CONFIRM_HANDOVER, DISPUTE_HANDOVER } from './Handover.graphql';

const FUTURE = '2099-12-31';
const PAST = '2020-01-01';

function handover(extra: Partial<MyHandoverFieldsFragment> = {}): MyHandoverFieldsFragment {
  return {
    rentingId: 'r-1',
    date: '2027-09-30',
    meterReadings: [{ meter: 'Strom', value: '12345,6' }],
    damages: [
      { description: 'Kratzer in der Tür', amountCents: 5000, photos: [{ documentId: 'doc 7' }], waived: false },
    ],
    depositCents: 80000,
    deductionsCents: 5000,
    refundCents: 75000,
    status: 'RECORDED',
    answerDeadline: FUTURE,
    disputeReason: null,
    answeredAt: null,
    settlement: null,
    ...extra,
  };
}

const answered = (mutation: 'confirmHandover' | 'disputeHandover', exception: unknown = null) => ({
  data: { [mutation]: { __typename: 'UpdateResult', exception } },
});

function renderSection(h: MyHandoverFieldsFragment, language: Language = 'en', mocks: MockLink.MockedResponse[] = []) {
  return render(
    <MockedProvider mocks={mocks}>
      <I18nextProvider i18n={testI18n(language)}>
        <HandoverSection handover={h} token="t/1" />
      </I18nextProvider>
    </MockedProvider>,
  );
}

describe('the handover on my booking', () => {
  it('shows what was recorded with the photos and the deadline, in German, and offers both answers while open', () => {
    renderSection(handover(), 'de');
    const section = screen.getByRole('region', { name: 'Wohnungsübergabe' });
    const text = section.textContent ?? '';
    for (const want of ['Übergabe am30.09.2027', 'Zählerstand Strom12345,6', 'Kratzer in der Tür: 50,00 €', 'Kaution800,00 €', 'Einbehalten für Schäden50,00 €', 'Zurück an dich750,00 €', 'bis zum 31.12.2099', 'Festgehalten, wartet auf deine Antwort']) {
      expect(text.replace(/\u00a0/g, ' ')).toContain(want);
    }
    const photo = within(section).getByRole('img', { name: 'Foto 1 zu „Kratzer in der Tür“' });
    expect(photo.getAttribute('src')).toBe('/api/my-booking/r-1/photo-doc%207?token=t%2F1');
    expect(within(section).getByRole('button', { name: 'Übergabe bestätigen' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Widersprechen' })).toBeTruthy();
  });

  it('offers no answer once the deadline has passed, and says so', () => {
    renderSection(handover({ answerDeadline: PAST }));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/The deadline to answer \(1 January 2020\) has passed/)).toBeTruthy();
  });

  it('shows a dispute with the renter’s words and offers no answer any more', () => {
    renderSection(handover({ status: 'DISPUTED', disputeReason: 'Der Kratzer war schon da.', answeredAt: '2027-10-02T09:00:00Z' }));
    expect(screen.getByText('You disputed the handover on 2 October 2027:')).toBeTruthy();
    expect(screen.getByText('Der Kratzer war schon da.').tagName).toBe('Q');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([
    ['BANK_TRANSFER', 75000, 'KAUTION-17', 'Settled on 20 October 2027: we transferred €750.00 to you, reference “KAUTION-17”.'],
    ['REFUND', 75000, null, 'Settled on 20 October 2027: €750.00 goes back the way you paid (card or account).'],
    ['REFUND', 0, null, 'Settled on 20 October 2027: nothing comes back, the deductions cover the whole deposit.'],
  ] as const)('shows the settlement by %s of %i', (method, refundCents, bankReference, want) => {
    renderSection(
      handover({
        status: 'SETTLED',
        answeredAt: '2027-10-02T09:00:00Z',
        settlement: { method, refundCents, bankReference, settledAt: '2027-10-20T08:00:00Z' },
      }),
    );
    expect(screen.getByText(want)).toBeTruthy();
    expect(screen.getByText('Deposit settled')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('confirms the handover with the page’s token', async () => {
    let sent = false;
    renderSection(handover(), 'en', [
      {
        request: { query: CONFIRM_HANDOVER, variables: { token: 't/1', rentingId: 'r-1' } },
        result: () => {
          sent = true;
          return answered('confirmHandover');
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm handover' }));
    await waitFor(() => expect(sent).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the renting service’s refusal of a confirmation in the renter’s language', async () => {
    renderSection(handover(), 'de', [
      {
        request: { query: CONFIRM_HANDOVER, variables: { token: 't/1', rentingId: 'r-1' } },
        result: answered('confirmHandover', { __typename: 'UserDataException', path: 'rentingId', messageId: 'HANDOVER_ANSWERED', params: [] }),
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Übergabe bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Du hast diese Übergabe schon beantwortet');
  });

  it('disputes only with a reason, sent trimmed, and shows a refusal', async () => {
    let sent = false;
    renderSection(handover(), 'en', [
      {
        request: { query: DISPUTE_HANDOVER, variables: { token: 't/1', rentingId: 'r-1', reason: 'The scratch was there before.' } },
        result: () => {
          sent = true;
          return answered('disputeHandover', { __typename: 'UserDataException', path: 'rentingId', messageId: 'HANDOVER_ANSWER_EXPIRED', params: [] });
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Dispute' }));
    const reason = screen.getByLabelText('Why do you dispute the handover?');
    fireEvent.click(screen.getByRole('button', { name: 'Send dispute' }));
    expect(await screen.findByText('Please fill in this field')).toBeTruthy();
    expect(sent).toBe(false);
    fireEvent.change(reason, { target: { value: '  The scratch was there before. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send dispute' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The deadline to answer this handover has passed');
    expect(sent).toBe(true);
  });

  it('counts today in the residence’s time zone', () => {
    expect(residenceToday(new Date('2027-10-14T22:30:00Z'))).toBe('2027-10-15');
    expect(residenceToday(new Date('2027-10-14T21:30:00Z'))).toBe('2027-10-14');
  });
});
