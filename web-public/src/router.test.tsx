import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderRoute } from './test/render';

describe('routing', () => {
  it.each(['/', '/nowhere', '/booking', '/booking/unknown'])('%s goes to step1', async (path) => {
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step1'));
  });

  it('step3failed goes to step1 with the failure flag, keeping the renting', async () => {
    const { router } = renderRoute('/booking/step3failed?rentingId=r-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step1'));
    expect(router.state.location.search).toBe('?booking=failed&rentingId=r-1');
  });

  it('step3failed without a renting still flags the failure', async () => {
    const { router } = renderRoute('/booking/step3failed');
    await waitFor(() => expect(router.state.location.search).toBe('?booking=failed'));
  });

  it.each([
    ['INVALID_TOKEN', 'This confirmation link does not work'],
    ['EXPIRED_TOKEN', 'This confirmation link has expired'],
  ])('step3failed with reason %s says what is wrong with the link and stays', async (reason, heading) => {
    const { router } = renderRoute(`/booking/step3failed?reason=${reason}&rentingId=r-1`);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/booking/step3failed');
    expect(screen.queryByText('Ouch! Somebody was faster than you')).toBeNull();
  });

  it.each([
    ['/booking/success', 'Booking was successful!'],
    ['/booking/step2done', 'Your booking has been received'],
    ['/booking/step3done', 'Your e-mail is confirmed'],
    ['/booking/step4done', 'Contract signed'],
    ['/booking/step5done', 'Welcome to your new home!'],
    ['/booking/renewal-accepted', 'Renewal accepted'],
    ['/booking/renewal-declined', 'Renewal declined'],
    ['/sandbox', 'Sandbox'],
  ])('%s shows %s', async (path, heading) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('shows German texts in German', async () => {
    renderRoute('/booking/success', { language: 'de' });
    expect(await screen.findByRole('heading', { name: 'Die Buchung war erfolgreich!' })).toBeTruthy();
  });

  it('step5done ticks every step', async () => {
    renderRoute('/booking/step5done');
    await screen.findByRole('heading', { name: 'Welcome to your new home!' });
    const steps = screen.getByRole('list', { name: 'Booking steps' });
    expect(steps.querySelectorAll('li').length).toBe(5);
    expect(steps.querySelectorAll('li[data-status="finish"]').length).toBe(5);
  });

  it.each([
    ['/booking/step2', 'Missing apartment-id query param in url'],
    ['/booking/extend', 'Missing renting-id query param in url'],
    ['/booking/step4', 'Missing renting-id query param in url'],
    ['/booking/step5', 'Missing renting-id query param in url'],
  ])('%s without its parameter says so', async (path, text) => {
    renderRoute(path);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('step3 opens the verify link in a new tab', async () => {
    renderRoute('/booking/step3?email=a%2Bb%40example.org&token=tok_1');
    const link = await screen.findByRole('link', { name: 'Confirm e-mail' });
    expect(link.getAttribute('href')).toBe('/api/verify?email=a%2Bb%40example.org&token=tok_1');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
