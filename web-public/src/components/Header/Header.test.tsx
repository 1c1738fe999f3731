import { describe, expect, it, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import { RESIDENCE } from '../Residence/residence';

const residenceMock = {
  request: { query: RESIDENCE },
  result: {
    data: {
      building: {
        __typename: 'Building',
        id: 1,
        name: 'Haus am Fluss',
        address: 'Uferweg 1, 12345 Musterstadt',
        contact: { __typename: 'Contact', email: 'haus@fluss.example', phone: '+49 30 123 456' },
      },
    },
  },
};

describe('Header', () => {
  beforeEach(() => localStorage.clear());

  it('links home under the residence name of the catalog, which also names the tab and the footer with its contact', async () => {
    renderRoute('/booking/success', { mocks: [residenceMock] });
    const home = await screen.findByRole('link', { name: 'Haus am Fluss – home' });
    expect(home.getAttribute('href')).toBe('/');
    expect(home.textContent).toBe('Haus am Fluss');
    // The tab's title follows in an effect after the header shows the name.
    await waitFor(() => expect(document.title).toBe('Haus am Fluss'));
    expect(screen.getByRole('contentinfo').textContent).toContain('Haus am Fluss · Uferweg 1, 12345 Musterstadt');
    expect(screen.getByRole('link', { name: 'haus@fluss.example' }).getAttribute('href')).toBe('mailto:haus@fluss.example');
    expect(screen.getByRole('link', { name: '+49 30 123 456' }).getAttribute('href')).toBe('tel:+4930123456');
    for (const [name, href] of [['Legal notice', '/legal/imprint'], ['Privacy policy', '/legal/privacy'], ['Terms of use', '/legal/terms']])
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
  });

  it('links home as Home while the residence is unknown', async () => {
    renderRoute('/booking/success');
    expect((await screen.findByRole('link', { name: 'Home' })).getAttribute('href')).toBe('/');
  });

  it('switches the language from the dropdown and remembers it', async () => {
    const { i18n } = renderRoute('/booking/success');
    await screen.findByRole('heading', { name: 'Booking was successful!' });
    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    fireEvent.click(await screen.findByText('Deutsch'));
    expect(await screen.findByRole('heading', { name: 'Die Buchung war erfolgreich!' })).toBeTruthy();
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(localStorage.getItem('language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });
});
