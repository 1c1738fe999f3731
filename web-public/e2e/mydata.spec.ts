import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apartmentFor, bookAndConfirm, uniqueEmail } from './support/api';
import { linkFromMail, mailWithLink } from './support/mail';

// This file's apartments: 22 and 23.

test('the download of all my data holds the mails to the renter', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 23);
  const email = uniqueEmail('mymails');
  await bookAndConfirm(request, apartment.id, email);
  await page.goto(await linkFromMail(request, email, '/booking/my-booking'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all my data (JSON)' }).click();
  const data = JSON.parse(await readFile(await (await download).path(), 'utf8')) as { email: string; mails: { subject: string; text: string }[] };
  expect(data.email).toBe(email);
  expect(data.mails.length).toBeGreaterThanOrEqual(2); // the confirmation mail and the "e-mail confirmed" mail
  expect(data.mails[0].text).toContain('/booking/step3?');
  expect(JSON.stringify(data)).toContain('my-booking?token=…'); // the links' tokens left out
  expect(JSON.stringify(data)).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
});

test('asks for erasure on "My booking" after a confirmation: once, confirmed by mail', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 22);
  const email = uniqueEmail('erasure');
  await bookAndConfirm(request, apartment.id, email); // the renter's language is English
  await page.goto(await linkFromMail(request, email, '/booking/my-booking'));

  await expect(page.getByRole('heading', { level: 2, name: 'Erase my data' })).toBeVisible();
  await page.getByRole('button', { name: 'Ask to erase my data' }).click();
  await expect(page.getByText('Erase your data?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, erase my data' }).click();
  await expect(page.getByRole('status')).toContainText(/You asked on .+ to erase your data\./);
  await expect(page.getByRole('button', { name: 'Ask to erase my data' })).toHaveCount(0);

  const { mail } = await mailWithLink(request, email, '/booking/my-booking', { subject: 'We have received your request for erasure' });
  expect(mail.text).toContain('we have received your request to erase your personal data');

  // it stays so after a reload
  await page.reload();
  await expect(page.getByRole('status')).toContainText('You asked on');
});
