import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import SemesterPage from './SemesterPage';
import { SEMESTERS } from './SemesterPage.graphql';
import { renderWithProviders } from '../../test/render';

const semester = (id: number, name: string, startsInDays: number, current: boolean) => ({
  __typename: 'Semester',
  id,
  name,
  current,
  startDate: '2026-04-01',
  endDate: '2026-09-30',
  rentingPhase: current ? 'RUNNING' : 'PLANNED',
  startsInDays,
});

describe('SemesterPage', () => {
  it('lists semesters by days until start descending with the current one in bold', async () => {
    renderWithProviders(<SemesterPage />, {
      mocks: [
        {
          request: { query: SEMESTERS, variables: {} },
          result: { data: { semesters: [semester(1, 'WiSe 25/26', -200, false), semester(2, 'SoSe 26', -20, true), semester(3, 'WiSe 26/27', 160, false)] } },
        },
      ],
    });
    await screen.findByText('SoSe 26');
    const rows = Array.from(document.querySelectorAll('tbody tr')).map((tr) =>
      Array.from(tr.querySelectorAll('td')).map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['3', 'WiSe 26/27', '01.04.26', '30.09.26', 'PLANNED', '160'],
      ['2', 'SoSe 26', '01.04.26', '30.09.26', 'RUNNING', '-20'],
      ['1', 'WiSe 25/26', '01.04.26', '30.09.26', 'PLANNED', '-200'],
    ]);
    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers).toEqual(['Id', 'Name', 'Start', 'Ende', 'Mietphase', 'Tage bis Start']);
    expect(screen.getByText('SoSe 26').tagName).toBe('STRONG');
    expect(screen.getByText('WiSe 26/27').tagName).not.toBe('STRONG');
  });
});
