import { expect, test } from '@playwright/test';
import { apartmentToEdit, asAdmin, baseURL, graphql, graphqlRaw } from './support/api';
import { signIn } from './support/admin';
import { png } from './support/files';

// This file's apartment, counted from the end of the demo building: 20, whose pictures change; it is
// never freed (apartmentToEdit): renewal.spec.ts books the same slot, and freeing it deleted that
// test's booking when both ran side by side. The tests take turns: each changes the pictures.
test.describe.configure({ mode: 'serial' });

interface Picture {
  name: string;
  url: string;
  descriptionDe: string;
  descriptionEn: string;
}

async function pictures(id: number): Promise<Picture[]> {
  return asAdmin(async (admin) => {
    const data = await graphql<{ apartmentById: { pictures: Picture[] } }>(
      admin,
      'query($id: Int!) { apartmentById(id: $id) { pictures { name url descriptionDe descriptionEn } } }',
      { id },
    );
    return data.apartmentById.pictures;
  });
}

test('orders, describes and deletes an apartment\'s pictures; the booking site shows them so', async ({ page, request }) => {
  const apartment = await apartmentToEdit(request, 20);
  const before = await pictures(apartment.id);
  expect(before.length).toBeGreaterThanOrEqual(3);
  const last = before.length;

  await signIn(page);
  await page.goto('/admin/verwalten/apartments');
  const editor = page.getByRole('region', { name: `Bilder ${apartment.name}` });
  await editor.getByRole('button', { name: 'Bilder bearbeiten' }).click();
  await expect(editor.locator('img')).toHaveCount(last);
  const save = editor.getByRole('button', { name: 'Bilder speichern' });
  await expect(save).toBeDisabled();

  // The last picture to the top, described anew; the one that is then last deleted.
  await editor.getByRole('button', { name: `Bild ${last} ${apartment.name} nach oben` }).click();
  for (let i = last - 1; i > 1; i--) await editor.getByRole('button', { name: `Bild ${i} ${apartment.name} nach oben` }).click();
  await editor.getByLabel(`Bild 1 ${apartment.name} Beschreibung DE`).fill('Duschbad mit Fenster zum Hof');
  await editor.getByLabel(`Bild 1 ${apartment.name} Beschreibung EN`).fill('Shower room with a window to the courtyard');
  await editor.getByRole('button', { name: `Bild ${last} ${apartment.name} löschen` }).click();
  await expect(editor.locator('img')).toHaveCount(last - 1);
  await save.click();
  await expect(editor.getByRole('status')).toHaveText('Bilder gespeichert');

  const after = await pictures(apartment.id);
  const moved = before[last - 1];
  expect(after.map((p) => p.name)).toEqual([moved.name, ...before.slice(0, last - 2).map((p) => p.name)]);
  expect(after[0]).toEqual({ ...moved, descriptionDe: 'Duschbad mit Fenster zum Hof', descriptionEn: 'Shower room with a window to the courtyard' });

  // The booking site (in German, the browser's language) shows the moved picture first, described anew.
  const site = await page.context().newPage();
  await site.goto(`${baseURL}/booking/step2?apartment-id=${apartment.id}`);
  await expect(site.getByRole('img', { name: 'Duschbad mit Fenster zum Hof' })).toBeVisible();
  await expect(site.getByRole('button', { name: /^Bild \d von \d$/ })).toHaveCount(last - 1);
});

test('uploads a picture, describes it, and the booking site shows it, served with its cache headers', async ({ page, request }) => {
  const apartment = await apartmentToEdit(request, 20);
  const before = await pictures(apartment.id);
  const n = before.length + 1;

  await signIn(page);
  await page.goto('/admin/verwalten/apartments');
  const editor = page.getByRole('region', { name: `Bilder ${apartment.name}` });
  await editor.getByRole('button', { name: 'Bilder bearbeiten' }).click();
  await expect(editor.locator('ol img')).toHaveCount(before.length);

  const upload = editor.getByRole('region', { name: `Neues Bild ${apartment.name}` });
  await upload.getByLabel(`Neues Bild ${apartment.name} Datei`).setInputFiles({ name: 'balkon.png', mimeType: 'image/png', buffer: png(1200, 800) });
  await upload.getByLabel(`Neues Bild ${apartment.name} Beschreibung DE`).fill('Balkon am Morgen');
  await upload.getByLabel(`Neues Bild ${apartment.name} Beschreibung EN`).fill('Balcony in the morning');
  await upload.getByRole('button', { name: 'Bild hochladen' }).click();
  await expect(upload.getByText('Bild hochgeladen')).toBeVisible();
  await expect(editor.locator('ol img')).toHaveCount(n);
  await expect(editor.locator('ol img').last()).toHaveAttribute('src', /^\/api\/pictures\/[0-9a-f-]{36}\/960-[0-9a-f]{16}\.jpg$/);

  // Described anew in the list, as every picture is.
  await editor.getByLabel(`Bild ${n} ${apartment.name} Beschreibung DE`).fill('Balkon mit Blick auf den Neckar');
  await editor.getByRole('button', { name: 'Bilder speichern' }).click();
  await expect(editor.getByText('Bilder gespeichert')).toBeVisible();

  const uploaded = (await pictures(apartment.id)).at(-1)!;
  expect(uploaded.descriptionDe).toBe('Balkon mit Blick auf den Neckar');
  expect(uploaded.descriptionEn).toBe('Balcony in the morning');

  // Anybody gets its files, 480 and 960 px wide, cacheable for good.
  const sources = await graphql<{ apartmentById: { pictures: { sources: { type: string; srcset: string }[] }[] } }>(
    request,
    'query($id: Int!) { apartmentById(id: $id) { pictures { sources { type srcset } } } }',
    { id: apartment.id },
  );
  const srcset = sources.apartmentById.pictures.at(-1)!.sources;
  expect(srcset).toHaveLength(1);
  expect(srcset[0].type).toBe('image/jpeg');
  const files = srcset[0].srcset.split(', ').map((s) => s.split(' '));
  expect(files.map(([, w]) => w)).toEqual(['480w', '960w']);
  for (const [url] of files) {
    const res = await request.get(`${baseURL}${url}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/jpeg');
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }

  // The booking site (in German, the browser's language) shows it, loaded, as the apartment's last picture.
  const site = await page.context().newPage();
  await site.goto(`${baseURL}/booking/step2?apartment-id=${apartment.id}`);
  await site.getByRole('button', { name: `Bild ${n} von ${n}` }).click();
  const shown = site.getByRole('img', { name: 'Balkon mit Blick auf den Neckar' });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThanOrEqual(480);
  expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/api\/pictures\/[0-9a-f-]{36}\/(480|960)-[0-9a-f]{16}\.jpg$/);
});


test('without a session nobody uploads, reorders, describes or deletes pictures: the apartment keeps its own', async ({ request }) => {
  const apartment = await apartmentToEdit(request, 20);
  const before = await pictures(apartment.id);
  const attempts = [
    [
      'mutation U($a: Int!, $p: PictureUpload!) { uploadApartmentPicture(apartmentId: $a, picture: $p) { exception { messageId } } }',
      { a: apartment.id, p: { content: png(1200, 800).toString('base64'), descriptionDe: 'Fremd', descriptionEn: 'Foreign' } },
    ],
    [
      // every picture but the first, the first described anew: a reorder, an edit and a deletion at once
      'mutation E($a: Int!, $p: [PictureEdit!]!) { updateApartmentPictures(apartmentId: $a, pictures: $p) { exception { messageId } } }',
      { a: apartment.id, p: before.slice(1).map((p) => ({ name: p.name, descriptionDe: 'Fremd', descriptionEn: 'Foreign' })) },
    ],
  ] as const;
  for (const [mutation, variables] of attempts) {
    const answer = await graphqlRaw(request, mutation, variables);
    expect(answer.errors?.[0]?.extensions?.code, mutation).toBe('FORBIDDEN');
    expect(answer.data ?? null, mutation).toBeNull();
  }
  expect(await pictures(apartment.id)).toEqual(before);
});
