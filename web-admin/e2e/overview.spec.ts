import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apartmentFor, bookAndConfirm, graphql, newPerson, semesters } from './support/api';
import { chooseSemester, semesterOption, signIn } from './support/admin';

// This file's apartments, counted from the end of the demo building: 2, 3, 4.

test('the overview shows the demo building with the right status tags, and a booking made through the API with its renter', async ({
  page,
  request,
}) => {
  const reserved = await apartmentFor(request, 2);
  const requested = await apartmentFor(request, 3);
  const free = await apartmentFor(request, 4);
  const confirmed = await bookAndConfirm(request, reserved, newPerson('Reserviert'));
  const unconfirmed = await bookAndConfirm(request, requested, newPerson('Angefragt'), { confirm: false });
  const { current, bookable } = await semesters(request);
  const building = await graphql<{ building: { name: string; address: string; floors: { name: string }[] } }>(
    request,
    '{ building { name address floors { name } } }',
  );

  await signIn(page);
  await page.goto('/admin/overview');
  await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
  await expect(page.getByText(building.building.address)).toBeVisible();
  for (const floor of building.building.floors) {
    await expect(page.getByRole('heading', { name: floor.name, exact: true })).toBeVisible();
  }
  // initially the current semester; nobody rents in it on a fresh system
  if (current) {
    await expect(page.locator('.ant-select').first()).toContainText(semesterOption(current));
    await expect(page.getByTestId(`apartment-${free.id}`)).toContainText('Empty');
  }

  await chooseSemester(page, bookable);
  const reservedCard = page.getByTestId(`apartment-${reserved.id}`);
  await expect(reservedCard).toContainText(reserved.name);
  await expect(reservedCard.locator('.ant-tag')).toHaveText('Reserviert');
  await expect(reservedCard).toContainText(`${confirmed.person.firstName} ${confirmed.person.lastName}`);
  await expect(reservedCard).toHaveAttribute('data-highlight', 'true');

  const requestedCard = page.getByTestId(`apartment-${requested.id}`);
  await expect(requestedCard.locator('.ant-tag')).toHaveText('Angefragt');
  await expect(requestedCard).toContainText(`${unconfirmed.person.firstName} ${unconfirmed.person.lastName}`);
  await expect(requestedCard).toHaveAttribute('data-highlight', 'false');

  const freeCard = page.getByTestId(`apartment-${free.id}`);
  await expect(freeCard.locator('.ant-tag')).toHaveText('Verfügbar');
  await expect(freeCard).toContainText('-');
  await expect(freeCard.locator('xpath=ancestor::a')).toHaveCount(0);

  // a card with a renter leads to the renter
  await reservedCard.click();
  await expect(page).toHaveURL(new RegExp(`/admin/mieter/${confirmed.renterId}/info$`));
  await expect(page.getByRole('heading', { name: `${confirmed.person.lastName}, ${confirmed.person.firstName}` })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Mieterliste' })).toContainText(confirmed.person.email);
});

test('downloads the occupancy of the chosen semester as CSV', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 5);
  const booked = await bookAndConfirm(request, apartment, newPerson('Belegung'));
  await signIn(page);
  await page.goto('/admin/overview');
  await chooseSemester(page, booked.semester);
  await expect(page.getByTestId(`apartment-${apartment.id}`)).toContainText(booked.person.lastName);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Belegung als CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^belegung-[A-Za-z0-9-]+\.csv$/);
  const bytes = await readFile((await file.path())!);
  expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('"Etage";"Wohnung";"Status";"Mieter";"E-Mail"');
  expect(lines).toContain(
    `"${apartment.floor}";"${apartment.name}";"Reserviert";"${booked.person.firstName} ${booked.person.lastName}";"${booked.person.email}"`,
  );
  const apartments = await graphql<{ building: { floors: { apartments: unknown[] }[] } }>(request, '{ building { floors { apartments { id } } } }');
  // header, one line per apartment, and the empty rest after the last CRLF
  expect(lines).toHaveLength(apartments.building.floors.flatMap((f) => f.apartments).length + 2);
  expect(lines.at(-1)).toBe('');
});

test('a planned semester shows its apartments as not yet bookable', async ({ page, request }) => {
  const { all } = await semesters(request);
  const planned = all.find((s) => s.rentingPhase === 'PLANNED');
  expect(planned, 'a planned semester (the catalog keeps two years ahead)').toBeTruthy();
  await signIn(page);
  await page.goto('/admin/overview');
  await chooseSemester(page, planned!);
  const tags = page.locator('[data-testid^="apartment-"] .ant-tag');
  await expect(tags.first()).toBeVisible();
  const texts = await tags.allInnerTexts();
  expect(texts.length).toBeGreaterThanOrEqual(20);
  expect(new Set(texts)).toEqual(new Set(['Noch nicht buchbar']));
});
