import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import SemesterPage from './SemesterPage';
import { CREATE_SEMESTER, SEMESTERS } from './SemesterPage.graphql';
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
      ['3', 'WiSe 26/27', '01.04.26', '30.09.26', 'PLANNED', '160', 'Bearbeiten'],
      ['2', 'SoSe 26', '01.04.26', '30.09.26', 'RUNNING', '-20', 'Bearbeiten'],
      ['1', 'WiSe 25/26', '01.04.26', '30.09.26', 'PLANNED', '-200', 'Bearbeiten'],
    ]);
    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers).toEqual(['Id', 'Name', 'Start', 'Ende', 'Mietphase', 'Tage bis Start', 'Aktion']);
    expect(screen.getByText('SoSe 26').tagName).toBe('STRONG');
    expect(screen.getByText('WiSe 26/27').tagName).not.toBe('STRONG');
  });

  it('shows the server\'s refusal of a new semester at the field it concerns', async () => {
    const input = { name: 'Herbst 2027', startDate: '2027-09-30', endDate: '2027-12-31' };
    renderWithProviders(<SemesterPage />, {
      mocks: [
        { request: { query: SEMESTERS, variables: {} }, result: { data: { semesters: [semester(2, 'SoSe 26', -20, true)] } } },
        {
          request: { query: CREATE_SEMESTER, variables: { semester: input } },
          result: {
            data: {
              createSemester: {
                __typename: 'UpdateResult',
                exception: { __typename: 'UserDataException', path: 'startDate', messageId: 'SEMESTER_OVERLAP', params: [{ __typename: 'KeyValue', key: 'name', value: 'SoSe 2027' }] },
              },
            },
          },
        },
      ],
    });
    await screen.findByText('SoSe 26');
    fireEvent.click(screen.getByRole('button', { name: 'Semester anlegen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: input.name } });
    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: input.startDate } });
    fireEvent.change(within(dialog).getByLabelText('Ende'), { target: { value: input.endDate } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const message = await within(dialog).findByText('Überschneidet sich mit dem Semester SoSe 2027.');
    expect(message.closest('.ant-form-item')?.querySelector('label')?.textContent).toBe('Start');
  });

  it('asks for every field before it sends anything', async () => {
    renderWithProviders(<SemesterPage />, {
      mocks: [{ request: { query: SEMESTERS, variables: {} }, result: { data: { semesters: [semester(2, 'SoSe 26', -20, true)] } } }],
    });
    await screen.findByText('SoSe 26');
    fireEvent.click(screen.getByRole('button', { name: 'Semester anlegen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findAllByText('Angabe fehlt.')).toHaveLength(3);
  });
});
