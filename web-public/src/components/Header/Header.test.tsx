import { describe, expect, it, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../test/render';

describe('Header', () => {
  beforeEach(() => localStorage.clear());

  it('links home', async () => {
    renderRoute('/booking/success');
    expect((await screen.findByRole('link', { name: 'Semesterhaus – home' })).getAttribute('href')).toBe('/');
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
