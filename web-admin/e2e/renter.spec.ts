import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apartmentFor, bookAndConfirm, graphql, newPerson } from './support/api';
import { chooseSemester, signIn } from './support/admin';

// This file's apartments, counted from the end of the demo building: 6, 7, 8, 9.

const milestone = (page: Page, title: string) => page.getByTestId(`milestone-${title}`);

test('approves the identity with Freischalten: the milestone turns green and the Protokoll shows the entry', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 6);
  const booked = await bookAndConfirm(request, apartment, newPerson('Freischalten'));
  await signIn(page);
  // the request's uploads became the renter's documents with the confirmation (the document service
  // takes them over from the confirmation's event)
  await expect.poll(async () => (await page.request.get(`/api/renter/${booked.renterId}/identity/front`)).status()).toBe(200);
  await page.goto(`/admin/mieter/${booked.renterId}/info`);
  await expect(page.getByRole('link', { name: /^Immatrikulationsbescheinigung/ })).toBeVisible();

  const block = page.getByTestId(`booking-${booked.rentingId}`);
  await expect(block).toContainText(`Wohnung: ${apartment.name}`);
  await expect(milestone(page, 'E-Mail')).toHaveAttribute('data-done', 'true');
  await expect(milestone(page, 'Freischaltung')).toHaveAttribute('data-done', 'false');
  await expect(milestone(page, 'Freischaltung')).toHaveCSS('background-color', 'rgb(255, 247, 230)');

  await block.getByRole('button', { name: 'Freischalten' }).click();
  await expect(milestone(page, 'Freischaltung')).toHaveAttribute('data-done', 'true');
  await expect(milestone(page, 'Freischaltung')).toHaveCSS('background-color', 'rgb(246, 255, 237)');
  await expect(milestone(page, 'Freischaltung')).toContainText(/Freigeschaltet: \d{2}\.\d{2}\.\d{2}/);
  await expect(block.getByRole('button', { name: 'Freischalten' })).toHaveCount(0);

  // it stays so after a reload
  await page.reload();
  await expect(milestone(page, 'Freischaltung')).toHaveAttribute('data-done', 'true');

  // the Protokoll (Renter.auditLog) names who approved, when, and which renting
  const log = page.getByTestId('audit-log');
  const row = log.locator('tbody tr').filter({ hasText: 'Freigeschaltet' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(0)).toHaveText(/^\d{2}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
  await expect(row.locator('td').nth(1)).toHaveText('admin');
  await expect(row.locator('td').nth(3)).toContainText('Status: Account Bestätigt');
  await expect(row.locator('td').nth(3)).toContainText(`renting/${booked.rentingId}`);
});

test('edits the phone and notes of a renter and sees them after a reload', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 7);
  const booked = await bookAndConfirm(request, apartment, newPerson('Bearbeiten'));
  await signIn(page);
  await page.goto(`/admin/mieter/${booked.renterId}/info`);
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/mieter/${booked.renterId}/edit$`));

  await expect(page.getByLabel('E-Mail')).toHaveValue(booked.person.email);
  await expect(page.getByLabel('E-Mail')).toHaveAttribute('readonly', '');
  // a business exception of the renter service is shown above the form, in German
  await page.getByLabel('Vorname').fill('');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('alert')).toHaveText('Vorname: Angabe fehlt.');
  await expect(page).toHaveURL(new RegExp(`/admin/mieter/${booked.renterId}/edit$`));
  await page.getByLabel('Vorname').fill(booked.person.firstName);

  const phone = `+49 151 ${Date.now() % 10_000_000}`;
  const notes = `Schlüssel beim Hausmeister\nzweite Zeile ${Date.now()}`;
  await page.getByLabel('Mobil').fill(phone);
  await page.getByLabel('Notizen').fill(notes);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/mieter/${booked.renterId}/info$`));

  await page.reload();
  await expect(page.getByText(phone, { exact: true })).toBeVisible();
  await expect(page.getByTestId('notes')).toContainText(notes.split('\n')[1]);
  await expect(page.getByTestId('notes')).toContainText('Schlüssel beim Hausmeister');
  await page.goto(`/admin/mieter/${booked.renterId}/edit`);
  await expect(page.getByLabel('Mobil')).toHaveValue(phone);
  await expect(page.getByLabel('Notizen')).toHaveValue(notes);

  await page.goto(`/admin/mieter/${booked.renterId}/info`);
  const edit = page.getByTestId('audit-log').locator('tbody tr').filter({ hasText: 'Mieterdaten geändert' });
  await expect(edit).toContainText(`Mobil: ${booked.person.phone} → ${phone}`);
});

test('deletes a contract through the dialog and the apartment is free again', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 8);
  const booked = await bookAndConfirm(request, apartment, newPerson('Loeschen'));
  await signIn(page);
  await page.goto(`/admin/mieter/${booked.renterId}/info`);

  const block = page.getByTestId(`booking-${booked.rentingId}`);
  await block.getByRole('button', { name: 'Vertrag löschen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Dies kann nicht rückgängig gemacht werden.');
  await expect(dialog).toContainText('Es werden keine Rückerstattungen veranlasst.');
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(page).toHaveURL(/\/admin\/mieter$/);
  await expect(page.getByText('Wähle einen Mieter')).toBeVisible();

  await page.goto('/admin/overview');
  await chooseSemester(page, booked.semester);
  const card = page.getByTestId(`apartment-${apartment.id}`);
  await expect(card.locator('.ant-tag')).toHaveText('Verfügbar');
  await expect(card).not.toContainText(booked.person.lastName);

  const available = await graphql<{ availableApartments: { apartmentBookable: { apartmentId: number; free: boolean }[] } }>(
    request,
    '{ availableApartments { apartmentBookable { apartmentId free } } }',
  );
  expect(available.availableApartments.apartmentBookable.find((a) => a.apartmentId === apartment.id)?.free).toBe(true);
});

test('downloads the renter list as CSV', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 9);
  const booked = await bookAndConfirm(request, apartment, newPerson('Liste'));
  await signIn(page);
  await page.goto('/admin/mieter');
  await expect(page.getByRole('complementary', { name: 'Mieterliste' })).toContainText(booked.person.email);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Mieterliste als CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mieterliste-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await file.path())!);
  expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(
    '"Nr.";"Nachname";"Vorname";"E-Mail";"E-Mail bestätigt";"Telefon";"Straße";"PLZ";"Ort";"Land";"Geburtstag";"Staatsangehörigkeit";"Sprache";"Buchungen";"Notizen"',
  );
  const p = booked.person;
  expect(lines).toContain(
    `"${booked.renterId}";"${p.lastName}";"${p.firstName}";"${p.email}";"ja";"'${p.phone}";"Hauptstraße 1";"69117";"Heidelberg";"DEU";"17.05.2003";"de";"de";` +
      `"${booked.semester.name}: ${apartment.name} (Reserviert)";""`,
  );
});
