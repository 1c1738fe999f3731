import { expect, test, type APIRequestContext } from '@playwright/test';
import { findLink, type Mail } from '../../tools/e2e/support/mail';
import { apartmentBeyondSlots, asAdmin, baseURL, graphql, mailURL } from './support/api';
import { unsignedBooking } from './support/booking';
import { confirmPopup, signIn } from './support/admin';

// This file's apartment: the demo building's fourth from its start (support/api.ts apartmentBeyondSlots),
// as every slot apartmentFor hands out belongs to another file.

test.describe.configure({ timeout: 240_000 });

interface AdminApartment {
  id: number;
  descriptionDe: string;
  descriptionEn: string;
  pricePerMonth: number;
  priceDeposit: number;
  priceCleaning: number;
}

async function adminApartment(id: number): Promise<AdminApartment> {
  return asAdmin(async (admin) => {
    const data = await graphql<{ adminBuilding: { floors: { apartments: AdminApartment[] }[] } }>(
      admin,
      '{ adminBuilding { floors { apartments { id descriptionDe descriptionEn pricePerMonth priceDeposit priceCleaning } } } }',
    );
    return data.adminBuilding.floors.flatMap((f) => f.apartments).find((a) => a.id === id)!;
  });
}

async function updateApartment(update: AdminApartment): Promise<void> {
  await asAdmin(async (admin) => {
    const data = await graphql<{ updateApartment: { exception: { messageId: string } | null } }>(
      admin,
      'mutation U($u: ApartmentUpdate!) { updateApartment(update: $u) { exception { messageId } } }',
      { u: update },
    );
    expect(data.updateApartment.exception).toBeNull();
  });
}

/** What the booking costs as the booking site shows it (the renting's contract total), in euros. */
async function bookingTotal(request: APIRequestContext, rentingId: string): Promise<number> {
  const data = await graphql<{ bookingProgress: { priceCalculation: { total: number } } }>(
    request,
    'query P($r: ID!) { bookingProgress(rentingId: $r) { priceCalculation { total } } }',
    { r: rentingId },
  );
  return data.bookingProgress.priceCalculation.total;
}

/** The renter's signing link of the renting's newest contract, as step4 asks for it. */
async function signingLink(request: APIRequestContext, rentingId: string): Promise<string> {
  const data = await graphql<{ fetchSigningLink: string | null }>(request, 'query S($r: ID!) { fetchSigningLink(rentingId: $r) }', { r: rentingId });
  expect(data.fetchSigningLink, 'a signing link').toBeTruthy();
  return data.fetchSigningLink!;
}

/** A link of the system as the test reaches it (the gateway under test), whatever public address it names. */
const onGateway = (link: string) => {
  const url = new URL(link);
  return `${baseURL}${url.pathname}${url.search}`;
};

/** Euros as the German mails write them: 2.937,00 (then " €"). */
const euroDe = (euros: number) => new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(euros);

test('the office reissues an unsigned contract at the apartment\'s new price: the renter is mailed the new contract and total, the old signing link no longer signs', async ({ browser, page, request }) => {
  const booked = await unsignedBooking(request, await apartmentBeyondSlots(request, 3), 'Neuausstellung');
  const oldLink = await signingLink(request, booked.rentingId);
  const oldTotal = await bookingTotal(request, booked.rentingId);

  // the apartment's rent goes up by 25 € a month; the demo price is put back for whoever runs next
  const before = await adminApartment(booked.apartment.id);
  await updateApartment({ ...before, pricePerMonth: Math.round((before.pricePerMonth + 25) * 100) / 100 });
  try {
    const { priceCalculation } = await graphql<{ priceCalculation: { total: number } }>(
      request,
      'query P($a: Int!, $s: Int!) { priceCalculation(apartmentId: $a, semesterId: $s) { total } }',
      { a: booked.apartment.id, s: booked.semester.id },
    );
    const newTotal = priceCalculation.total;
    expect(newTotal, 'the new price is above the contract\'s').toBeGreaterThan(oldTotal);
    // the written contract keeps its price until the office reissues it
    expect(await bookingTotal(request, booked.rentingId)).toBe(oldTotal);

    await signIn(page);
    await page.goto(`/admin/mieter/${booked.renterId}/info`);
    const card = page.getByTestId(`booking-${booked.rentingId}`);
    await expect(card).toContainText('Vertrag Angefordert');
    await card.getByRole('button', { name: 'Vertrag neu ausstellen' }).click();
    await expect(page.getByText('Vertrag neu ausstellen?')).toBeVisible();
    await confirmPopup(page, 'Neu ausstellen');
    await expect(card.getByRole('status')).toHaveText('Der neue Vertrag wird erstellt und dem Mieter per E-Mail geschickt.');
    await expect(card.getByRole('alert')).toHaveCount(0);

    // the renter's mail, in their language (German), names the new total and links to step4
    let step4 = '';
    await expect
      .poll(
        async () => {
          const mails = (await (await request.get(`${mailURL}/email`)).json()) as Mail[];
          const found = findLink(mails, booked.person.email, '/booking/step4', 'Dein Mietvertrag wurde neu ausgestellt');
          step4 = found?.link ?? '';
          return found?.mail.text ?? '';
        },
        { message: 'the reissued contract\'s mail', timeout: 60_000 },
      )
      .toMatch(new RegExp(`neuen Gesamtbetrag von ${euroDe(newTotal).replace(/\./g, '\\.')}\\s€`));
    expect(new URLSearchParams(step4.split('?')[1]).get('rentingId')).toBe(booked.rentingId);

    // the booking now costs the new total, and its step4 offers a new contract to sign
    await expect.poll(() => bookingTotal(request, booked.rentingId), { message: 'the renting takes the new total', timeout: 60_000 }).toBe(newTotal);
    const newLink = await signingLink(request, booked.rentingId);
    expect(newLink).not.toBe(oldLink);
    const contract = await request.get(onGateway(`${newLink}/contract.pdf`));
    expect(contract.status(), 'the new contract').toBe(200);
    expect((await contract.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const renter = await browser.newContext({ locale: 'en-US' });
    try {
      const renterPage = await renter.newPage();
      await renterPage.goto(step4);
      await expect(renterPage.getByRole('link', { name: 'Sign contract' })).toHaveAttribute('href', newLink);
      await renterPage.goto(onGateway(newLink));
      await expect(renterPage.getByRole('button', { name: /Sign/ })).toBeVisible();

      // the old link says its contract was replaced and signs nothing
      const old = await renterPage.goto(onGateway(oldLink));
      expect(old?.status()).toBe(410);
      await expect(renterPage.getByText('This contract was replaced by a new one, which you get by e-mail.')).toBeVisible();
      await expect(renterPage.getByRole('button', { name: /Sign/ })).toHaveCount(0);
      const signOld = await request.post(onGateway(oldLink), {
        form: { name: `${booked.person.firstName} ${booked.person.lastName}`, confirm: 'yes' },
        maxRedirects: 0,
      });
      expect(signOld.status(), 'signing the old contract').toBe(410);
      expect((await request.get(onGateway(`${oldLink}/contract.pdf`))).status(), 'the old contract').toBe(410);
    } finally {
      await renter.close();
    }
    await expect(card).toContainText('Vertrag Angefordert');
  } finally {
    await updateApartment(before);
  }
});
