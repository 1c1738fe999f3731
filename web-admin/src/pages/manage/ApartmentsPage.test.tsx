import { describe, expect, it, vi } from 'vitest';
import { ApolloLink } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { tap } from 'rxjs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import ApartmentsPage from './ApartmentsPage';
import { ADMIN_BUILDING, UPDATE_APARTMENT } from './ApartmentsPage.graphql';
import { renderWithProviders } from '../../test/render';

const floor = (id: number, name: string) => ({ __typename: 'Floor', id, name });
const apt = (id: number, name: string, f: ReturnType<typeof floor>) => ({
  __typename: 'Apartment',
  id,
  name,
  descriptionDe: `Zimmer ${name}`,
  descriptionEn: `Room ${name}`,
  pricePerMonth: 400,
  priceDeposit: 800,
  priceCleaning: 90,
  floor: f,
});
const eg = floor(1, 'EG');
const og = floor(2, '1. OG');

const building = {
  request: { query: ADMIN_BUILDING, variables: {} },
  result: {
    data: {
      adminBuilding: {
        __typename: 'Building',
        id: 1,
        floors: [
          { ...og, apartments: [apt(12, 'B12', og), apt(11, 'B11', og)] },
          { ...eg, apartments: [apt(2, 'A02', eg), apt(1, 'A01', eg)] },
        ],
      },
    },
  },
};

const ok = { data: { updateApartment: { __typename: 'UpdateResult', exception: null } } };
const update = (a: ReturnType<typeof apt>, patch: object) => {
  const { id, descriptionDe, descriptionEn, pricePerMonth, priceDeposit, priceCleaning } = a;
  return { update: { id, descriptionDe, descriptionEn, pricePerMonth, priceDeposit, priceCleaning, ...patch } };
};

const saveButton = () => screen.getByRole('button', { name: /Speichern/ }) as HTMLButtonElement;

describe('ApartmentsPage', () => {
  it('groups apartments by floor, sorted by id, and enables saving only after a change', async () => {
    renderWithProviders(<ApartmentsPage />, { mocks: [building] });
    await screen.findByText('A01 (EG)');
    const titles = Array.from(document.querySelectorAll('.ant-card-head-title')).map((t) => t.textContent);
    expect(titles).toEqual(['A01 (EG)', 'A02 (EG)', 'B11 (1. OG)', 'B12 (1. OG)']);
    expect(saveButton().disabled).toBe(true);
    const rent = screen.getByLabelText('Miete A02') as HTMLInputElement;
    fireEvent.change(rent, { target: { value: '410' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.change(rent, { target: { value: '400' } });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it('sends only the changed apartments, one after the other, then shows a check mark', async () => {
    const events: string[] = [];
    const probe = new ApolloLink((operation, forward) => {
      const id = operation.variables.update?.id;
      if (id !== undefined) events.push(`send ${id}`);
      return forward(operation).pipe(tap(() => id !== undefined && events.push(`answer ${id}`)));
    });
    const mocks = new MockLink([
      building,
      { request: { query: UPDATE_APARTMENT, variables: update(apt(2, 'A02', eg), { pricePerMonth: 410.5 }) }, result: ok, delay: 100 },
      { request: { query: UPDATE_APARTMENT, variables: update(apt(12, 'B12', og), { descriptionEn: 'Bright room' }) }, result: ok },
    ]);
    renderWithProviders(<ApartmentsPage />, { link: ApolloLink.from([probe, mocks]) });
    await screen.findByText('A01 (EG)');
    // German decimal comma
    fireEvent.change(screen.getByLabelText('Miete A02'), { target: { value: '410,5' } });
    fireEvent.change(screen.getByLabelText('Beschreibung EN B12'), { target: { value: 'Bright room' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByLabelText('Gespeichert')).toBeTruthy();
    // A02 is answered late; B12 is sent only after that answer, and nothing else is sent
    expect(events).toEqual(['send 2', 'answer 2', 'send 12', 'answer 12']);
    expect(saveButton().disabled).toBe(true);
    expect((screen.getByLabelText('Miete A02') as HTMLInputElement).value).toBe('410,50');
  });

  it('shows the exception and stops sending', async () => {
    const second = vi.fn(() => ok);
    const exception = { __typename: 'UserDataException', path: 'pricePerMonth', messageId: 'CURRENCY', params: [] };
    renderWithProviders(<ApartmentsPage />, {
      showWarnings: false,
      mocks: [
        building,
        {
          request: { query: UPDATE_APARTMENT, variables: update(apt(1, 'A01', eg), { priceDeposit: 900 }) },
          result: { data: { updateApartment: { __typename: 'UpdateResult', exception } } },
        },
        { request: { query: UPDATE_APARTMENT, variables: update(apt(2, 'A02', eg), { priceCleaning: 95 }) }, result: second },
      ],
    });
    await screen.findByText('A01 (EG)');
    fireEvent.change(screen.getByLabelText('Kaution A01'), { target: { value: '900' } });
    fireEvent.change(screen.getByLabelText('Reinigung A02'), { target: { value: '95' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    // at the field the server refused, and above the list which apartment was not saved
    expect(await screen.findByLabelText('Miete A01: Der Betrag muss in Euro mit höchstens zwei Nachkommastellen angegeben werden.')).toBeTruthy();
    expect(screen.getByLabelText('Miete A01').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Wohnung A01: nicht gespeichert, bitte die markierte Angabe korrigieren.')).toBeTruthy();
    expect(second).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Gespeichert')).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it('says at the field that a rent like "abc" is no amount and keeps saving off until it is one', async () => {
    renderWithProviders(<ApartmentsPage />, { mocks: [building] });
    await screen.findByText('A01 (EG)');
    const rent = screen.getByLabelText('Miete A01');
    fireEvent.change(screen.getByLabelText('Kaution A01'), { target: { value: '900' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.input(rent, { target: { value: 'abc' } });
    expect(await screen.findByLabelText('Miete A01: Bitte einen Betrag in Euro eingeben, z. B. 495,00.')).toBeTruthy();
    expect(screen.getByText('Bitte die markierten Angaben korrigieren.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.input(rent, { target: { value: '412,50' } });
    await waitFor(() => expect(screen.queryByText('Bitte die markierten Angaben korrigieren.')).toBeNull());
    expect(saveButton().disabled).toBe(false);
  });
});
