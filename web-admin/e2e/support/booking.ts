import type { APIRequestContext, Browser } from '@playwright/test';
import { signAndPay } from '../../../tools/e2e/support/payment';
import { apartmentFor, asAdmin, bookAndConfirm, graphql, linkFromMail, newPerson, type Apartment, type Booked } from './api';

/**
 * A PAYED booking of the slot's apartment: booked and confirmed through the API, approved by the
 * office, signed and paid by the renter on the English site in a browser of their own.
 */
export async function paidBooking(browser: Browser, request: APIRequestContext, slotFromEnd: number, tag: string): Promise<Booked & { apartment: Apartment }> {
  const apartment = await apartmentFor(request, slotFromEnd);
  const booked = await bookAndConfirm(request, apartment, newPerson(tag));
  await asAdmin((admin) =>
    graphql(admin, 'mutation Approve($r: ID!) { approveIdentityCard(rentingId: $r) }', { r: booked.rentingId }),
  );
  const renter = await browser.newContext({ locale: 'en-US' });
  const { firstName, lastName, email } = booked.person;
  await signAndPay(await renter.newPage(), `${firstName} ${lastName}`, (path) => linkFromMail(request, email, path));
  await renter.close();
  return { ...booked, apartment };
}

/**
 * A CONTRACT_REQUESTED booking of the apartment: booked and confirmed through the API and approved by
 * the office, so that its contract is written and waits for the renter's signature; returns once the
 * renter's mail with the step4 link has come.
 */
export async function unsignedBooking(request: APIRequestContext, apartment: Apartment, tag: string): Promise<Booked & { apartment: Apartment }> {
  const booked = await bookAndConfirm(request, apartment, newPerson(tag));
  await asAdmin((admin) =>
    graphql(admin, 'mutation Approve($r: ID!) { approveIdentityCard(rentingId: $r) }', { r: booked.rentingId }),
  );
  await linkFromMail(request, booked.person.email, '/booking/step4');
  return { ...booked, apartment };
}
