import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import { FETCH_PAYMENT_LINK, FETCH_SIGNING_LINK } from './links.graphql';

describe('step4 (sign) and step5 (pay)', () => {
  it('step4 offers the signing link', async () => {
    renderRoute('/booking/step4?rentingId=r-1', {
      mocks: [{ request: { query: FETCH_SIGNING_LINK, variables: { rentingId: 'r-1' } }, result: { data: { fetchSigningLink: 'https://example.org/api/signing/s1' } } }],
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
      mocks: [{ request: { query: FETCH_SIGNING_LINK, variables: { rentingId: 'r-1' } }, result: { data: { fetchSigningLink: null } } }],
    });
    expect(await screen.findByText('Your contract is not ready yet. Please try again later.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign contract' })).toBeNull();
  });

  it('step5 offers the payment link', async () => {
    renderRoute('/booking/step5?rentingId=r-2', {
      language: 'de',
      mocks: [{ request: { query: FETCH_PAYMENT_LINK, variables: { rentingId: 'r-2' } }, result: { data: { fetchPaymentLink: 'https://example.org/api/checkout/p1' } } }],
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
});
