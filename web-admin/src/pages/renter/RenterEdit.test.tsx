import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { Route, Routes } from 'react-router';
import RenterPage from './RenterPage';
import RentersPage from './RentersPage';
import { RENTER_FOR_EDIT, UPDATE_RENTER } from './RenterEdit.graphql';
import { RENTERS_BY_LETTER } from './RentersPage.graphql';
import { renderWithProviders } from '../../test/render';

const forEdit = {
  request: { query: RENTER_FOR_EDIT, variables: { renterId: 7 } },
  result: {
    data: {
      renterForEdit: {
        __typename: 'RenterForEdit',
        firstName: 'Erika',
        lastName: 'Mustermann',
        phone: '+49 170 1',
        notes: 'ruhig',
        email: 'erika@example.org',
      },
    },
  },
};

const wanted = { id: 7, firstName: 'Eva', lastName: 'Mustermann', phone: '+49 170 1', notes: 'laut' };

const show = (mocks: MockLink.MockedResponse[]) =>
  renderWithProviders(<RenterPage />, { path: '/admin/mieter/7/edit', pattern: 'mieter/:id/*', mocks, showWarnings: false });

async function editAndSave() {
  fireEvent.change(await screen.findByLabelText('Vorname'), { target: { value: 'Eva' } });
  fireEvent.change(screen.getByLabelText('Notizen'), { target: { value: 'laut' } });
  fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
}

describe('RenterEdit', () => {
  it('shows the fields with the e-mail read-only', async () => {
    show([forEdit]);
    expect(await screen.findByRole('heading', { name: 'Mustermann, Erika' })).toBeTruthy();
    expect((screen.getByLabelText('Vorname') as HTMLInputElement).value).toBe('Erika');
    expect((screen.getByLabelText('Nachname') as HTMLInputElement).value).toBe('Mustermann');
    expect((screen.getByLabelText('Mobil') as HTMLInputElement).value).toBe('+49 170 1');
    expect((screen.getByLabelText('Notizen') as HTMLTextAreaElement).value).toBe('ruhig');
    const email = screen.getByLabelText('E-Mail') as HTMLInputElement;
    expect(email.value).toBe('erika@example.org');
    expect(email.readOnly).toBe(true);
  });

  it('saves the changed renter and returns to info', async () => {
    const save = vi.fn(() => ({ data: { updateRenter: { __typename: 'UpdateResult', exception: null } } }));
    show([forEdit, { request: { query: UPDATE_RENTER, variables: { update: wanted } }, result: save }]);
    await editAndSave();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mieter/7/info'));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('shows the exception above the form and stays', async () => {
    const exception = {
      __typename: 'UserDataException',
      path: 'firstName',
      messageId: 'STRING_MAX',
      params: [{ __typename: 'KeyValue', key: 'max', value: '100' }],
    };
    show([forEdit, { request: { query: UPDATE_RENTER, variables: { update: wanted } }, result: { data: { updateRenter: { __typename: 'UpdateResult', exception } } } }]);
    await editAndSave();
    expect((await screen.findByRole('alert')).textContent).toBe('Vorname: Bitte höchstens 100 Zeichen eingeben.');
    expect(screen.getByTestId('location').textContent).toBe('/mieter/7/edit');
  });

  it('shows a GraphQL error above the form', async () => {
    show([forEdit, { request: { query: UPDATE_RENTER, variables: { update: wanted } }, result: { errors: [{ message: 'forbidden' }] } }]);
    await editAndSave();
    expect((await screen.findByRole('alert')).textContent).toBe('forbidden');
  });

  it('goes back to info on Abbrechen', async () => {
    show([forEdit]);
    fireEvent.click(await screen.findByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mieter/7/info'));
  });

  it('fetches the renter list again once saved, so it shows the new name under its letter', async () => {
    const list = (firstName: string) => ({
      request: { query: RENTERS_BY_LETTER, variables: {} },
      result: {
        data: {
          rentersByLetter: [
            { __typename: 'RentersByLetter', letter: 'M', renters: [{ __typename: 'RenterSummary', id: 7, firstName, lastName: 'Mustermann', email: 'erika@example.org' }] },
          ],
        },
      },
    });
    const save = { request: { query: UPDATE_RENTER, variables: { update: wanted } }, result: { data: { updateRenter: { __typename: 'UpdateResult', exception: null } } } };
    const routes = (
      <Routes>
        <Route path="mieter" element={<RentersPage />}>
          <Route path=":id/*" element={<RenterPage />} />
        </Route>
      </Routes>
    );
    renderWithProviders(routes, { path: '/admin/mieter/7/edit', mocks: [list('Erika'), forEdit, save, list('Eva')], showWarnings: false });
    expect(await screen.findByText('Erika Mustermann')).toBeTruthy();
    await editAndSave();
    expect(await screen.findByText('Eva Mustermann')).toBeTruthy();
  });
});
