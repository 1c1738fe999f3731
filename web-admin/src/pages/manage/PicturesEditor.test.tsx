import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { PicturesEditor } from './PicturesEditor';
import { APARTMENT_PICTURES, UPDATE_APARTMENT_PICTURES } from './ApartmentsPage.graphql';
import { renderWithProviders } from '../../test/render';

const picture = (name: string, de: string, en: string) => ({
  __typename: 'Picture' as const,
  name,
  url: `/images/${name}-960.webp`,
  descriptionDe: de,
  descriptionEn: en,
});

const apartment = { id: 12, name: '1.02' };
const picturesMock = {
  request: { query: APARTMENT_PICTURES, variables: { id: 12 } },
  result: {
    data: {
      apartmentById: {
        __typename: 'Apartment',
        id: 12,
        pictures: [picture('room', 'Zimmer', 'Room'), picture('kitchen', 'Küche', 'Kitchen'), picture('bath', 'Bad', 'Bath')],
      },
    },
  },
};

const edits = [
  { name: 'bath', descriptionDe: 'Duschbad mit Fenster', descriptionEn: 'Bath' },
  { name: 'room', descriptionDe: 'Zimmer', descriptionEn: 'Room' },
];
const result = (exception: object | null) => ({
  data: { updateApartmentPictures: { __typename: 'UpdateResult', exception } },
});

/** Opens the editor, moves the bath to the top, describes it anew and deletes the kitchen. */
async function arrange() {
  fireEvent.click(screen.getByRole('button', { name: 'Bilder bearbeiten' }));
  await screen.findByRole('button', { name: 'Bild 3 1.02 nach oben' });
  fireEvent.click(screen.getByRole('button', { name: 'Bild 3 1.02 nach oben' }));
  fireEvent.click(screen.getByRole('button', { name: 'Bild 2 1.02 nach oben' }));
  fireEvent.change(screen.getByLabelText('Bild 1 1.02 Beschreibung DE'), { target: { value: 'Duschbad mit Fenster' } });
  fireEvent.click(screen.getByRole('button', { name: 'Bild 3 1.02 löschen' }));
}

describe('PicturesEditor', () => {
  it('moves, describes and deletes pictures and saves them in their new order', async () => {
    renderWithProviders(<PicturesEditor apartment={apartment} />, {
      mocks: [picturesMock, { request: { query: UPDATE_APARTMENT_PICTURES, variables: { apartmentId: 12, pictures: edits } }, result: result(null) }],
    });
    expect(screen.queryByRole('button', { name: 'Bilder speichern' })).toBeNull();
    await arrange();
    expect(screen.getByRole('button', { name: 'Bild 1 1.02 nach oben' }).hasAttribute('disabled')).toBe(true);
    const save = screen.getByRole('button', { name: 'Bilder speichern' }) as HTMLButtonElement;
    expect([...document.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/images/bath-960.webp', '/images/room-960.webp']);
    fireEvent.click(save);
    expect(await screen.findByText('Bilder gespeichert')).toBeTruthy();
  });

  it('shows the refusal in German and keeps the edit', async () => {
    const exception = { __typename: 'UserDataException', path: 'pictures[0].name', messageId: 'NO_PICTURE', params: [{ __typename: 'KeyValue', key: 'name', value: 'bath' }] };
    renderWithProviders(<PicturesEditor apartment={apartment} />, {
      showWarnings: false,
      mocks: [picturesMock, { request: { query: UPDATE_APARTMENT_PICTURES, variables: { apartmentId: 12, pictures: edits } }, result: result(exception) }],
    });
    await arrange();
    fireEvent.click(screen.getByRole('button', { name: 'Bilder speichern' }));
    expect(await screen.findByText('Name: Das Bild bath gibt es bei dieser Wohnung nicht (mehr).')).toBeTruthy();
    expect((screen.getByLabelText('Bild 1 1.02 Beschreibung DE') as HTMLInputElement).value).toBe('Duschbad mit Fenster');
  });
});
