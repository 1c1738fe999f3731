import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import RentersPage from './RentersPage';
import RenterPage, { parseRenterId } from './RenterPage';
import { RENTERS_BY_LETTER } from './operations';
import { renderWithProviders } from '../../test/render';

const summary = (id: number, firstName: string, lastName: string) => ({
  __typename: 'RenterSummary',
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.org`,
});

const list = {
  request: { query: RENTERS_BY_LETTER, variables: {} },
  result: {
    data: {
      rentersByLetter: [
        { __typename: 'RentersByLetter', letter: 'B', renters: [] },
        { __typename: 'RentersByLetter', letter: 'M', renters: [summary(7, 'Erika', 'Mustermann'), summary(3, 'Max', 'Meier')] },
        { __typename: 'RentersByLetter', letter: 'A', renters: [summary(9, 'Jonas', 'Abel')] },
      ],
    },
  },
};

const routes = (
  <Routes>
    <Route path="mieter" element={<RentersPage />}>
      <Route path=":id/*" element={<RenterPage />} />
    </Route>
  </Routes>
);

describe('RentersPage', () => {
  it('lists renters under their letters, hides empty letters and prompts for a choice', async () => {
    renderWithProviders(routes, { path: '/admin/mieter', mocks: [list] });
    expect(await screen.findByText('Erika Mustermann')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(headings).toEqual(['A', 'M']);
    expect(screen.getByText('Wähle einen Mieter')).toBeTruthy();
    expect(screen.getByText('erika@example.org')).toBeTruthy();
    expect(screen.getByText('Erika Mustermann').closest('a')?.getAttribute('href')).toBe('/admin/mieter/7');
    const aside = screen.getByRole('complementary', { name: 'Mieterliste' });
    expect(aside.style.width).toBe('350px');
  });

  it('says so when the id is not a number', async () => {
    renderWithProviders(routes, { path: '/admin/mieter/abc/info', mocks: [list] });
    expect(await screen.findByText('No id (number) in URl')).toBeTruthy();
    expect(screen.queryByText('Wähle einen Mieter')).toBeNull();
  });
});

describe('parseRenterId', () => {
  it.each([
    ['7', 7],
    ['0012', 12],
    ['abc', undefined],
    ['7a', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (raw, want) => {
    expect(parseRenterId(raw)).toBe(want);
  });
});
