import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { approveIdentity, type Apartment } from './api';
import { book, person } from './booking';
import { linkFromMail } from './mail';
import { signAndPay } from '../../../tools/e2e/support/payment';

/**
 * Books the apartment and takes the renting to PAYED the way booking.spec.ts does: the form, the
 * confirmation mail's link, an admin's identity approval (API), signing and paying in the sandboxes.
 * Returns the renting's id.
 */
export async function bookAndPay(page: Page, request: APIRequestContext, apartment: Apartment, email: string): Promise<string> {
  const renter = person(email);
  const rentingId = await book(page, apartment, renter);

  await page.goto(await linkFromMail(request, email, '/booking/step3'));
  const [confirmed] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Confirm e-mail' }).click()]);
  await expect(confirmed).toHaveURL(/\/booking\/step3done\?rentingId=/);
  await confirmed.close();

  await approveIdentity(rentingId);
  await signAndPay(page, `${renter.firstName} ${renter.lastName}`, (path) => linkFromMail(request, email, path));
  return rentingId;
}
