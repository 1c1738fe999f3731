import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import { FETCH_PAYMENT_LINK, FETCH_SIGNING_LINK } from './links.graphql';

function progress(state: string, more: { cancellationReason?: string; inPayment?: boolean } = {}) {
  return {
    cancellationReason: null,
    inPayment: false,
    ...more,
    __typename: 'BookingProgress',
    rentingId: 'r-1',
    state,
    apartment: { __typename: 'Apartment', id: 3, name: 'B01' },
    semester: { __typename: 'Semester', id: 7, name: 'SoSe 2027' },
    priceCalculation: { __typename: 'PriceCalculation', total: 3010.5 },
  };
}

describe('step4 (sign) and step5 (pay)', () => {
  it('step4 offers the signing link', async () => {
    renderRoute('/booking/step4?rentingId=r-1', {
      mocks: [{ request: { query: FETCH_SIGNING_LINK, variables: { rentingId: 'r-1' } }, result: { data: { fetchSigningLink: 'https://example.org/api/signing/s1', bookingProgress: progress('CONTRACT_REQUESTED') } } }],
    });
    const link = await screen.findByRole('link', { name: 'Sign contract' });
    expect(link.getAttribute('href')).toBe('https://example.org/api/signing/s1');
  });

  it('step4 shows Error when the link cannot be fetched', async () => {
    renderRoute('/booking/step4?rentingId=r-1', {
      mocks: [{ request: { query: FETCH_SIGNING_LINK, variables: { rentingId: 'r-1' } }, error: new Error('down') }],
    });
    expect(await screen.findByText('Error')).toBeTruthy();
  });

  it('step4 says when the contract is not ready yet', async () => {
    renderRoute('/booking/step4?rentingId=r-1', {
      mocks: [{ request: { query: FETCH_SIGNING_LINK, variables: { rentingId: 'r-1' } }, result: { data: { fetchSigningLink: null, bookingProgress: progress('OWNER_ACKNOWLEDGED') } } }],
    });
    expect(await screen.findByText('Your contract is not ready yet. Please try again later.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign contract' })).toBeNull();
  });

  it('step4 of a booking the office cancelled says so with its reason, not "not ready yet"', async () => {
    renderRoute('/booking/step4?rentingId=r-1', {
      language: 'de',
      mocks: [{ request: { query: FETCH_SIGNING_LINK, variables: { rentingId: 'r-1' } }, result: { data: { fetchSigningLink: null, bookingProgress: progress('CANCELED', { cancellationReason: 'Wasserschaden im Apartment' }) } } }],
    });
    expect(await screen.findByText('Deine Buchung ist storniert')).toBeTruthy();
    expect(screen.getByText('Grund: Wasserschaden im Apartment')).toBeTruthy();
    expect(screen.queryByText(/noch nicht bereit/)).toBeNull();
  });

  it('step5 of a cancelled booking without a reason says it is cancelled and offers no link', async () => {
    renderRoute('/booking/step5?rentingId=r-2', {
      mocks: [{ request: { query: FETCH_PAYMENT_LINK, variables: { rentingId: 'r-2' } }, result: { data: { fetchPaymentLink: 'https://example.org/api/checkout/p1', bookingProgress: progress('CANCELED') } } }],
    });
    expect(await screen.findByText('Your booking is cancelled')).toBeTruthy();
    expect(screen.queryByText(/^Reason:/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it('step5 of a SEPA debit under way says the payment is under way, no second payment', async () => {
    renderRoute('/booking/step5?rentingId=r-2', {
      mocks: [{ request: { query: FETCH_PAYMENT_LINK, variables: { rentingId: 'r-2' } }, result: { data: { fetchPaymentLink: 'https://example.org/api/checkout/p1', bookingProgress: progress('UNPAID', { inPayment: true }) } } }],
    });
    expect(await screen.findByText('Your payment is under way')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it('step5 offers the payment link', async () => {
    renderRoute('/booking/step5?rentingId=r-2', {
      language: 'de',
      mocks: [{ request: { query: FETCH_PAYMENT_LINK, variables: { rentingId: 'r-2' } }, result: { data: { fetchPaymentLink: 'https://example.org/api/checkout/p1', bookingProgress: progress('UNPAID') } } }],
    });
    const link = await screen.findByRole('link', { name: 'Jetzt bezahlen' });
    expect(link.getAttribute('href')).toBe('https://example.org/api/checkout/p1');
  });

  it('step5 shows Error when the link cannot be fetched', async () => {
    renderRoute('/booking/step5?rentingId=r-2', {
      mocks: [{ request: { query: FETCH_PAYMENT_LINK, variables: { rentingId: 'r-2' } }, error: new Error('down') }],
    });
    expect(await screen.findByText('Error')).toBeTruthy();
  });

  it('step5 states the apartment, the semester and the amount to pay', async () => {
    renderRoute('/booking/step5?rentingId=r-2', {
      language: 'de',
      mocks: [{ request: { query: FETCH_PAYMENT_LINK, variables: { rentingId: 'r-2' } }, result: { data: { fetchPaymentLink: 'https://example.org/api/checkout/p1', bookingProgress: progress('UNPAID') } } }],
    });
    const summary = await screen.findByTestId('booking-summary');
    expect(summary.textContent).toContain('B01');
    expect(summary.textContent).toContain('SoSe 2027');
    expect(summary.textContent).toContain('3.010,50\u00a0€');
  });

  it('step4 of a signed contract offers no signing but the payment', async () => {
    renderRoute('/booking/step4?rentingId=r-1', {
      mocks: [{ request: { query: FETCH_SIGNING_LINK, variables: { rentingId: 'r-1' } }, result: { data: { fetchSigningLink: 'https://example.org/api/signing/s1', bookingProgress: progress('CONTRACT_SIGNED') } } }],
    });
    expect(await screen.findByRole('heading', { name: 'Your contract is signed' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign contract' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the payment' }).getAttribute('href')).toBe('/booking/step5?rentingId=r-1');
  });

  it('step5 of a paid rent offers no payment', async () => {
    renderRoute('/booking/step5?rentingId=r-2', {
      mocks: [{ request: { query: FETCH_PAYMENT_LINK, variables: { rentingId: 'r-2' } }, result: { data: { fetchPaymentLink: 'https://example.org/api/checkout/p1', bookingProgress: progress('PAYED') } } }],
    });
    expect(await screen.findByRole('heading', { name: 'Your rent is paid' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it('step5 after a failed payment says so and offers to try again', async () => {
    renderRoute('/booking/step5?rentingId=r-2&payment=failed', {
      mocks: [{ request: { query: FETCH_PAYMENT_LINK, variables: { rentingId: 'r-2' } }, result: { data: { fetchPaymentLink: 'https://example.org/api/checkout/p1', bookingProgress: progress('UNPAID') } } }],
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Your payment failed.');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('https://example.org/api/checkout/p1');
  });
});
