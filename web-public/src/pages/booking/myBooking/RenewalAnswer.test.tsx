import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { testI18n } from '../../../test/i18n';
import type { Language } from '../../../lib/language';
import { RenewalAnswer } from './RenewalAnswer';

function renderAnswer(language: Language) {
  return render(
    <I18nextProvider i18n={testI18n(language)}>
      <MemoryRouter>
        <RenewalAnswer token="page/token+1" rentingId="r-9" deadline="30.10.2026" />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('answering a renewal on my booking', () => {
  it('links the renewal form with the page token and names the deadline', () => {
    renderAnswer('en');
    expect(screen.getByText('We offer you this apartment for the next semester too. Please answer by 30.10.2026.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Answer the renewal' }).getAttribute('href')).toBe('/booking/extend?rentingId=r-9&token=page%2Ftoken%2B1');
  });

  it('speaks German', () => {
    renderAnswer('de');
    expect(screen.getByRole('link', { name: 'Verlängerung beantworten' })).toBeTruthy();
  });
});
