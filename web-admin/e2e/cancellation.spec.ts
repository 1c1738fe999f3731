import { expect, test } from '@playwright/test';
import type { Mail } from '../../tools/e2e/support/mail';
import { asAdmin, graphql, mailURL } from './support/api';
import { paidBooking } from './support/booking';
import { signIn } from './support/admin';

// This file's apartment, counted from the end of the demo building: 14 (shared with the screenshots only).

test.describe.configure({ timeout: 240_000 });

test('the office cancels a paid booking with a part refund: the renter is mailed reason and amount, the apartment is free, step4 says cancelled', async ({ browser, page, request }) => {
  const booked = await paidBooking(browser, request, 14, 'Storno');

  await signIn(page);
  await page.goto(`/admin/mieter/${booked.renterId}/info`);
  const card = page.getByTestId(`booking-${booked.rentingId}`);
  await expect(card).toContainText('Bezahlt');
  await card.getByRole('button', { name: 'Buchung stornieren' }).click();
  const dialog = page.getByRole('dialog');
  const refund = dialog.getByLabel('Erstattung (€)');
  await expect(refund).not.toHaveValue('0,00'); // preset: what was paid
  await dialog.getByLabel('Grund').fill('Wasserschaden im Bad');
  await refund.fill('1000,00');
  await dialog.getByRole('button', { name: 'Stornieren' }).click();
  await expect(card).toContainText('Wasserschaden im Bad; Erstattung: 1.000,00');
  await expect(card.getByRole('button', { name: 'Buchung stornieren' })).toHaveCount(0);

  // the renter's mail, in their language (German), names the reason and the amount
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`${mailURL}/email`)).json()) as Mail[];
        const mail = mails.find((m) => m.subject === 'Deine Buchung wurde storniert' && m.to.some((t) => t.address === booked.person.email));
        return mail?.text ?? '';
      },
      { message: 'the cancellation mail', timeout: 60_000 },
    )
    .toMatch(/„Wasserschaden im Bad“[\s\S]*Wir erstatten dir 1\.000,00\s€/);

  // the apartment is free again in the semester: nobody holds it, the booking site offers it
  const holder = await asAdmin((admin) =>
    graphql<{ renterCurrentRentingInfo: { rentingId: string | null } | null }>(
      admin,
      'query Holder($a: Int!, $s: Int!) { renterCurrentRentingInfo(apartmentId: $a, semesterId: $s) { rentingId } }',
      { a: booked.apartment.id, s: booked.semester.id },
    ),
  );
  expect(holder.renterCurrentRentingInfo?.rentingId ?? null).toBeNull();
  const { availableApartments } = await graphql<{ availableApartments: { apartmentBookable: { apartmentId: number; free: boolean }[] } }>(
    request,
    '{ availableApartments { apartmentBookable { apartmentId free } } }',
  );
  expect(availableApartments.apartmentBookable.find((a) => a.apartmentId === booked.apartment.id)?.free).toBe(true);

  // the renter's step4 link says the booking is cancelled, with the reason, not "try later"
  const renter = await browser.newContext({ locale: 'de-DE' });
  const step4 = await renter.newPage();
  await step4.goto(`/booking/step4?rentingId=${booked.rentingId}`);
  await expect(step4.getByText('Deine Buchung ist storniert')).toBeVisible();
  await expect(step4.getByText('Grund: Wasserschaden im Bad')).toBeVisible();
  await renter.close();

  // the books (the payment service, after the event): the charges taken back, the rest of the payment
  // kept as the cancellation fee, the refund given back; nothing owed either way, no deposit held
  const ledger = card.getByTestId(`ledger-${booked.rentingId}`);
  await expect
    .poll(
      async () => {
        await page.reload();
        await ledger.waitFor();
        return (await ledger.locator('.ant-table-tbody td').allTextContents()).filter((cell) => ['Stornokosten', 'Erstattung', 'Forderung storniert'].includes(cell)).sort();
      },
      { message: 'the ledger books the charges taken back, the fee and the refund', timeout: 90_000, intervals: [2_000, 5_000] },
    )
    .toEqual(['Erstattung', 'Forderung storniert', 'Forderung storniert', 'Forderung storniert', 'Stornokosten']);
  const total = (label: string) => ledger.locator('.ant-descriptions-item').filter({ hasText: label });
  await expect(total('Erstattet')).toContainText('1.000,00');
  await expect(total('Kaution gehalten')).toContainText('0,00');
  await expect(total('Saldo')).toContainText('0,00');
});
