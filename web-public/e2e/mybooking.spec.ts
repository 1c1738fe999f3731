import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apartmentFor, bookAndConfirm, offerRenewal, requestBooking, uniqueEmail } from './support/api';
import { tick, upload } from './support/booking';
import { certificate } from './support/files';
import { LANGUAGES, useLanguage } from './support/languages';
import { linkFromMail, mailWithLink } from './support/mail';
import { bookAndPay } from './support/payed';
import { pdfContains } from './support/pdf';

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

test('a renter who lost the confirmation mail asks for a new link on "My booking" and confirms with it', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 15);
  const email = uniqueEmail('confirmagain');
  await requestBooking(request, apartment.id, email);
  await page.goto(await linkFromMail(request, email, '/booking/my-booking'));
  await page.getByRole('button', { name: 'Send the confirmation link again' }).click();
  await expect(page.getByRole('status')).toHaveText(/A new confirmation link is on its way/);

  const { link } = await mailWithLink(request, email, '/booking/step3', { subject: 'Your new confirmation link' });
  await page.goto(link);
  const [confirmed] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Confirm e-mail' }).click()]);
  await expect(confirmed).toHaveURL(/\/booking\/step3done\?rentingId=/);
});

test('"My booking" downloads the signed contract and the receipt of a paid booking as PDFs', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 14);
  const email = uniqueEmail('myfiles');
  await bookAndPay(page, request, apartment, email);
  await page.goto(await linkFromMail(request, email, '/booking/my-booking'));
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();

  for (const [name, fileName, texts] of [
    // The booking was made in English: contract and receipt are written in the renter's language.
    ['Signed contract (PDF)', /^mietvertrag-unterschrieben-\d+\.pdf$/, ['Rental contract', 'Signature', apartment.name, 'Erika Mustermann']],
    ['Payment receipt (PDF)', /^quittung-Q-\d{6}\.pdf$/, ['Receipt', 'Payment ID', apartment.name, 'Erika Mustermann']],
  ] as const) {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(fileName);
    const content = await readFile(await file.path());
    expect(content.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
    for (const text of texts) expect(pdfContains(content, text), `${name} states ${text}`).toBe(true);
  }

  // The page token is the key: without it, or with another one, the same address gives nothing.
  const href = await page.getByRole('link', { name: 'Payment receipt (PDF)' }).getAttribute('href');
  expect((await request.get(href!)).headers()['content-type']).toBe('application/pdf');
  expect((await request.get(href!.replace(/token=.*/, 'token=forged'))).status()).toBe(404);
  expect((await request.get(href!.replace(/\?token=.*/, ''))).status()).toBe(404);
});

test('a renewal is answered from "My booking": its link opens the renewal form, which accepts it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const apartment = await apartmentFor(request, 12);
  const email = uniqueEmail('pagerenewal');
  await offerRenewal(await bookAndPay(page, request, apartment, email));
  await linkFromMail(request, email, '/booking/extend'); // the renewal mail is out, with a new page link
  const { link } = await mailWithLink(request, email, '/booking/my-booking', { subject: 'Would you like to stay another semester?' });
  await page.goto(link);
  await expect(page.getByText('Renewal offered', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Answer the renewal' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Extend your stay' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await upload(page, 'Certificate of enrollment', certificate());
  await tick(page.getByRole('checkbox', { name: 'I confirm that my data is correct' }));
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/booking\/renewal-accepted$/);

  // Answered: the page offers the renewal no more (it is accepted, or its contract already waits).
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Apartment ${apartment.name},`) })).toHaveCount(2);
  await expect(page.getByText('Renewal offered', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Answer the renewal' })).toHaveCount(0);
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
