import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apartmentFor, bookAndConfirm, uniqueEmail } from './support/api';
import { linkFromMail, mailWithLink } from './support/mail';
import { bookAndPay } from './support/payed';

// This file's apartments: 22 and 23.

test('the download of all my data holds the mails to the renter, the list of their documents, each downloadable from the page, and the payment', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // booked and paid through the site
  const apartment = await apartmentFor(request, 23);
  const email = uniqueEmail('mymails');
  const rentingId = await bookAndPay(page, request, apartment, email);
  await page.goto(await linkFromMail(request, email, '/booking/my-booking'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all my data (JSON)' }).click();
  const data = JSON.parse(await readFile(await (await download).path(), 'utf8')) as {
    email: string;
    mails: { subject: string; text: string }[];
    documents: { id: string; type: string }[];
    payments: { rentingId: string; amount: number; currency: string; status: string; createdAt: string; paidAt: string | null; receiptNumber: number | null }[];
  };
  expect(data.email).toBe(email);
  expect(data.mails.length).toBeGreaterThanOrEqual(2); // the confirmation mail and the "e-mail confirmed" mail
  expect(data.mails[0].text).toContain('/booking/step3?');
  expect(JSON.stringify(data)).toContain('my-booking?token=…'); // the links' tokens left out
  expect(JSON.stringify(data)).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
  // the booking's uploads, the renter's documents since the address was confirmed, and the contract
  expect(data.documents.map((d) => d.type)).toEqual(expect.arrayContaining(['IDENTITY_CARD_BACK', 'IDENTITY_CARD_FRONT', 'IMMATRICULATION', 'SIGNED_CONTRACT']));

  // the paid booking's payment, a record of its own: amount, status, times and the receipt's number; nothing of the provider's
  expect(data.payments).toHaveLength(1);
  const [payment] = data.payments;
  expect(payment).toMatchObject({ rentingId, currency: 'EUR', status: 'PAID' });
  expect(payment.amount).toBeGreaterThan(0);
  expect(Date.parse(payment.paidAt ?? '')).toBeGreaterThanOrEqual(Date.parse(payment.createdAt));
  expect(payment.receiptNumber).toBeGreaterThan(0);
  expect(Object.keys(payment).sort()).toEqual(['amount', 'createdAt', 'currency', 'paidAt', 'receiptNumber', 'rentingId', 'status']);
  // the page shows it in its booking
  await expect(page.getByRole('article')).toContainText(new RegExp(`Payment: €[\\d,]+\\.\\d{2}, paid on \\d{2}/\\d{2}/\\d{4}, receipt no\\. ${payment.receiptNumber}`));

  // a listed identity card copy downloads through the page's link, which carries the page token
  const link = page.getByRole('link', { name: /^Identity card, front of / });
  const href = await link.getAttribute('href');
  const front = data.documents.find((d) => d.type === 'IDENTITY_CARD_FRONT');
  expect(href).toMatch(new RegExp(`^/api/my-booking/documents/${front?.id}\\?token=`));
  const file = await page.request.get(href ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toMatch(/^(image\/(jpeg|png)|application\/pdf)$/);
  expect((await file.body()).length).toBeGreaterThan(0);
  // without the page token, nothing
  expect((await page.request.get(`/api/my-booking/documents/${front?.id}`)).status()).toBe(404);
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
