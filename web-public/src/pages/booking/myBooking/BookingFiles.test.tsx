import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '../../../test/i18n';
import type { Language } from '../../../lib/language';
import { BookingFiles, type BookingFilesProps } from './BookingFiles';

function renderFiles(props: Omit<BookingFilesProps, 'token' | 'rentingId'>, language: Language = 'en') {
  return render(
    <I18nextProvider i18n={testI18n(language)}>
      <BookingFiles token="t/1+" rentingId="r-1" {...props} />
    </I18nextProvider>,
  );
}

describe('the booking files on my booking', () => {
  it('offers the contract to sign while signing is open, with the page token in the link', () => {
    renderFiles({ state: 'CONTRACT_REQUESTED' });
    const link = screen.getByRole('link', { name: 'Contract to sign (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/my-booking/r-1/contract.pdf?token=t%2F1%2B');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('link', { name: /receipt/ })).toBeNull();
  });

  it('offers the signed contract and, once paid, the receipt, in German too', () => {
    renderFiles({ state: 'PAYED', contractSignedDate: '2027-01-08T10:00:00Z', paidDate: '2027-01-09T10:00:00Z' }, 'de');
    expect(screen.getByRole('link', { name: 'Unterschriebener Mietvertrag (PDF)' }).getAttribute('href')).toBe('/api/my-booking/r-1/contract.pdf?token=t%2F1%2B');
    expect(screen.getByRole('link', { name: 'Zahlungsquittung (PDF)' }).getAttribute('href')).toBe('/api/my-booking/r-1/receipt.pdf?token=t%2F1%2B');
  });

  it('offers nothing before there is a contract', () => {
    const { container } = renderFiles({ state: 'OWNER_ACKNOWLEDGED' });
    expect(container.textContent).toBe('');
  });
});
