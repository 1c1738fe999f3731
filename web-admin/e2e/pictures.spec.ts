import { expect, test } from '@playwright/test';
import { apartmentFor, asAdmin, baseURL, graphql } from './support/api';
import { signIn } from './support/admin';

// This file's apartments, counted from the end of the demo building: 20 (its pictures change).

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
  const apartment = await apartmentFor(request, 20);
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
