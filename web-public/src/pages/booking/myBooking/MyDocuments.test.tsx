import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '../../../test/i18n';
import type { Language } from '../../../lib/language';
import { MyDocuments, type MyDocument } from './MyDocuments';

const card: MyDocument = {
  id: 'd-1',
  type: 'IDENTITY_CARD_FRONT',
  fileName: 'personalausweis-vorne-7.jpg',
  contentType: 'image/jpeg',
  size: 1000,
  uploadedAt: '2027-01-08T10:00:00Z',
};
const contract: MyDocument = { ...card, id: 'd-2', type: 'SIGNED_CONTRACT', contentType: 'application/pdf', uploadedAt: '2027-01-09T10:00:00Z' };

function answer(response: Response) {
  const fetch = vi.fn().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderDocuments(language: Language = 'en') {
  return render(
    <I18nextProvider i18n={testI18n(language)}>
      <MyDocuments token="t/1+" />
    </I18nextProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the documents on my booking', () => {
  it('lists each document with its own download, with the page token in the link', async () => {
    const fetch = answer(Response.json({ documents: [card, contract] }));
    renderDocuments();
    const link = await screen.findByRole('link', { name: 'Identity card, front of 08/01/2027' });
    expect(fetch).toHaveBeenCalledWith('/api/my-booking/documents?token=t%2F1%2B');
    expect(link.getAttribute('href')).toBe('/api/my-booking/documents/d-1?token=t%2F1%2B');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Signed contract of 09/01/2027' }).getAttribute('href')).toBe('/api/my-booking/documents/d-2?token=t%2F1%2B');
  });

  it('names the documents in German too', async () => {
    answer(Response.json({ documents: [card] }));
    renderDocuments('de');
    expect(await screen.findByRole('link', { name: 'Personalausweis, Vorderseite vom 08.01.2027' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Deine Dokumente' })).toBeTruthy();
  });

  it('says when there are none', async () => {
    answer(Response.json({ documents: [] }));
    renderDocuments();
    expect(await screen.findByText('We keep no documents of yours.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says when the list cannot be loaded', async () => {
    answer(new Response('not found', { status: 404 }));
    renderDocuments('de');
    expect(await screen.findByText('Deine Dokumente konnten nicht geladen werden. Bitte versuche es später noch einmal.')).toBeTruthy();
  });
});
