import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { approveIdentity, type Apartment } from './api';
import { book, person } from './booking';
import { linkFromMail } from './mail';

/**
 * Books the apartment and takes the renting to PAYED the way booking.spec.ts does: the form, the
 * confirmation mail's link, an admin's identity approval (API), signing and paying in the sandboxes.
 * Returns the renting's id.
 */
export async function bookAndPay(page: Page, request: APIRequestContext, apartment: Apartment, email: string): Promise<string> {
  const rentingId = await book(page, apartment, person(email));

  await page.goto(await linkFromMail(request, email, '/booking/step3'));
  const [confirmed] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Confirm e-mail' }).click()]);
  await expect(confirmed).toHaveURL(/\/booking\/step3done\?rentingId=/);
  await confirmed.close();

  await approveIdentity(rentingId);
  await page.goto(await linkFromMail(request, email, '/booking/step4'));
  await page.getByRole('link', { name: 'Sign contract' }).click();
  await page.getByLabel(/Your full name/).fill('Erika Mustermann');
  await page.getByRole('checkbox', { name: /I have read the rental contract/ }).check();
  await page.getByRole('button', { name: /Sign/ }).click();
  await expect(page).toHaveURL(/\/booking\/step4done\?rentingId=/);

  await page.goto(await linkFromMail(request, email, '/booking/step5'));
  await page.getByRole('link', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: /Pay/ }).click();
  await expect(page).toHaveURL(/\/booking\/step5done\?rentingId=/);
  return rentingId;
}
