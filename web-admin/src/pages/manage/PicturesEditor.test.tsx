import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { PicturesEditor } from './PicturesEditor';
import { APARTMENT_PICTURES, UPDATE_APARTMENT_PICTURES, UPLOAD_APARTMENT_PICTURE } from './ApartmentsPage.graphql';
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

  describe('uploading a picture', () => {
    const file = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'balkon.png', { type: 'image/png' });
    const upload = {
      apartmentId: 12,
      picture: { content: 'iVBORwECAw==', descriptionDe: 'Balkon mit Blick', descriptionEn: 'Balcony with a view' },
    };
    const uploadResult = (exception: object | null) => ({ data: { uploadApartmentPicture: { __typename: 'UpdateResult', exception } } });
    const uploadedPicture = { ...picture('upload-0123456789ab', 'Balkon mit Blick', 'Balcony with a view'), url: '/api/pictures/0123/960-abcd.jpg' };
    const afterUpload = {
      request: { query: APARTMENT_PICTURES, variables: { id: 12 } },
      result: { data: { apartmentById: { ...picturesMock.result.data.apartmentById, pictures: [...picturesMock.result.data.apartmentById.pictures, uploadedPicture] } } },
    };

    async function choose(chosen: File) {
      fireEvent.click(screen.getByRole('button', { name: 'Bilder bearbeiten' }));
      const input = await screen.findByLabelText('Neues Bild 1.02 Datei');
      fireEvent.change(input, { target: { files: [chosen] } });
      fireEvent.change(screen.getByLabelText('Neues Bild 1.02 Beschreibung DE'), { target: { value: 'Balkon mit Blick' } });
      fireEvent.change(screen.getByLabelText('Neues Bild 1.02 Beschreibung EN'), { target: { value: 'Balcony with a view' } });
    }

    it('sends the file as base64 with its descriptions and shows the apartment\'s pictures with the new one last', async () => {
      renderWithProviders(<PicturesEditor apartment={apartment} />, {
        mocks: [picturesMock, { request: { query: UPLOAD_APARTMENT_PICTURE, variables: upload }, result: uploadResult(null) }, afterUpload],
      });
      await choose(file);
      fireEvent.click(screen.getByRole('button', { name: 'Bild hochladen' }));
      expect(await screen.findByText('Bild hochgeladen')).toBeTruthy();
      await screen.findByRole('button', { name: 'Bild 4 1.02 löschen' });
      expect(document.querySelectorAll('img')[3].getAttribute('src')).toBe('/api/pictures/0123/960-abcd.jpg');
      expect((screen.getByLabelText('Neues Bild 1.02 Beschreibung DE') as HTMLInputElement).value).toBe('');
    });

    it('shows the catalog\'s refusal in German and keeps what was entered', async () => {
      const exception = { __typename: 'UserDataException', path: 'file', messageId: 'TOO_MANY_PIXELS', params: [{ __typename: 'KeyValue', key: 'maxMegapixels', value: '25' }] };
      renderWithProviders(<PicturesEditor apartment={apartment} />, {
        showWarnings: false,
        mocks: [picturesMock, { request: { query: UPLOAD_APARTMENT_PICTURE, variables: upload }, result: uploadResult(exception) }],
      });
      await choose(file);
      fireEvent.click(screen.getByRole('button', { name: 'Bild hochladen' }));
      expect(await screen.findByText('Bild: Das Bild hat zu viele Pixel (höchstens 25 Megapixel).')).toBeTruthy();
      expect((screen.getByLabelText('Neues Bild 1.02 Beschreibung EN') as HTMLInputElement).value).toBe('Balcony with a view');
      expect(screen.queryByText('Bild hochgeladen')).toBeNull();
    });

    it('refuses a file over 10 MB before sending it', async () => {
      const large = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'gross.jpg', { type: 'image/jpeg' });
      renderWithProviders(<PicturesEditor apartment={apartment} />, { showWarnings: false, mocks: [picturesMock] });
      await choose(large);
      fireEvent.click(screen.getByRole('button', { name: 'Bild hochladen' }));
      expect(await screen.findByText('Bild: Die Datei ist zu groß (höchstens 10485760 Bytes).')).toBeTruthy();
    });

    it('waits for descriptions in both languages and for unsaved changes of the list to be saved', async () => {
      renderWithProviders(<PicturesEditor apartment={apartment} />, { mocks: [picturesMock] });
      fireEvent.click(screen.getByRole('button', { name: 'Bilder bearbeiten' }));
      fireEvent.change(await screen.findByLabelText('Neues Bild 1.02 Datei'), { target: { files: [file] } });
      fireEvent.change(screen.getByLabelText('Neues Bild 1.02 Beschreibung DE'), { target: { value: 'Balkon' } });
      const send = screen.getByRole('button', { name: 'Bild hochladen' });
      expect(send.hasAttribute('disabled')).toBe(true);
      fireEvent.change(screen.getByLabelText('Neues Bild 1.02 Beschreibung EN'), { target: { value: 'Balcony' } });
      expect(send.hasAttribute('disabled')).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Bild 3 1.02 löschen' }));
      expect(send.hasAttribute('disabled')).toBe(true);
      expect(screen.getByText('Erst die Änderungen an den Bildern speichern, dann hochladen.')).toBeTruthy();
    });
  });
});
