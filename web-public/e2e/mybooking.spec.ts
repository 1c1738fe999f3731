import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apartmentFor, bookAndConfirm, requestBooking, uniqueEmail } from './support/api';
import { LANGUAGES, useLanguage } from './support/languages';
import { linkFromMail } from './support/mail';

test('every mail links to "My booking", which shows the booking with its steps and dates', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 18);
  const email = uniqueEmail('mybooking');
  await bookAndConfirm(request, apartment.id, email); // the renter's language is English
  const link = await linkFromMail(request, email, '/booking/my-booking');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'My booking' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Apartment ${apartment.name},`) })).toBeVisible();
  await expect(page.getByText(/E-mail confirmed: \d\d\/\d\d\/\d{4}/)).toBeVisible();
  await expect(page.getByText('Identity approved: not yet')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();
  await expectAccessible(page, 'my booking');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all my data (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('my-data.json');
  const data = JSON.parse(await readFile(await file.path(), 'utf8')) as { email: string; bookings: unknown[] };
  expect(data.email).toBe(email);
  expect(data.bookings).toHaveLength(1);

  await page.goto(`${link}x`);
  await expect(page.getByText('This link does not work (any more). Ask for a new one below.')).toBeVisible();
});

test('a request waiting for its confirmation is withdrawn on "My booking"', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 19);
  const email = uniqueEmail('withdraw');
  await requestBooking(request, apartment.id, email);
  await page.goto(await linkFromMail(request, email, '/booking/my-booking'));
  await expect(page.getByText('Requested', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw this request' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw this request' })).toHaveCount(0);
});

for (const [language, texts] of LANGUAGES) {
  test(`asking for a new link answers the same for any address (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto('/booking/my-booking');
    await expect(page.getByRole('heading', { level: 1, name: texts.booking.myBooking.title })).toBeVisible();
    await expectAccessible(page, `my booking without a link (${language})`);
    await page.getByLabel(texts.booking.myBooking.email).fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: texts.booking.myBooking.request }).click();
    await expect(page.getByText(texts.booking.myBooking.sent)).toBeVisible();
  });
}
