import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { findLink, type Mail } from '../../tools/e2e/support/mail';
import { formatCents } from '../src/lib/money';
import { asAdmin, graphql, mailURL } from './support/api';
import { paidBooking } from './support/booking';
import { png } from './support/files';
import { signIn } from './support/admin';

// This file's apartment, counted from the end of the demo building: 11 (shared with the screenshots only).

test.describe.configure({ timeout: 300_000 });

const DAMAGE = 'Brandfleck auf der Arbeitsplatte';

/** The renter's mails in the mail catcher, newest last as MailDev lists them. */
async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const mails = (await (await request.get(`${mailURL}/email`)).json()) as Mail[];
  return mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === email.toLowerCase()));
}

test('the office records a handover with a damage, the renter confirms it, the office refunds the rest of the deposit: ledger, mails and the DATEV export follow', async ({ browser, page, request }) => {
  const booked = await paidBooking(browser, request, 11, 'Uebergabe');
  const { email } = booked.person;
  const form = await asAdmin((admin) =>
    graphql<{ handoverForm: { meters: string[]; depositCents: number; refusal: { messageId: string } | null } }>(
      admin,
      'query Form($r: ID!) { handoverForm(rentingId: $r) { meters depositCents refusal { messageId } } }',
      { r: booked.rentingId },
    ),
  );
  expect(form.handoverForm.refusal).toBeNull();
  expect(form.handoverForm.meters).toEqual(['Strom', 'Wasser']);
  const deposit = form.handoverForm.depositCents;
  expect(deposit).toBeGreaterThan(5000);
  const refund = formatCents(deposit - 5000);

  // the office records the handover: today, both meters, one damage of 50,00 € with a photo
  await signIn(page);
  await page.goto(`/admin/mieter/${booked.renterId}/info`);
  const card = page.getByTestId(`booking-${booked.rentingId}`);
  await card.getByRole('button', { name: 'Übergabe erfassen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Zählerstand Strom').fill('12345,6');
  await dialog.getByLabel('Zählerstand Wasser').fill('321');
  await dialog.getByRole('button', { name: 'Schaden hinzufügen' }).click();
  await dialog.getByLabel('Beschreibung Schaden 1').fill(DAMAGE);
  await dialog.getByLabel('Betrag Schaden 1 (€)').fill('50,00');
  await dialog.getByLabel('Fotos Schaden 1').setInputFiles({ name: 'fleck.png', mimeType: 'image/png', buffer: png(800, 600) });
  await expect(dialog).toContainText(refund);
  await dialog.getByRole('button', { name: 'Übergabe speichern' }).click();
  await expect(dialog).toBeHidden();
  const handover = card.getByTestId(`handover-${booked.rentingId}`);
  await expect(handover).toContainText('Erfasst');
  await expect(handover).toContainText('Strom: 12345,6; Wasser: 321');
  await expect(handover).toContainText(`${DAMAGE}: 50,00`);
  const photo = handover.getByRole('img', { name: `Foto 1: ${DAMAGE}` });
  await expect(photo).toHaveAttribute('src', /^\/api\/documents\/.+/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: 'the photo loads' }).toBeGreaterThan(0);

  // the renter is mailed the handover with the link to their page, and confirms it there (its GraphQL)
  let token = '';
  await expect
    .poll(
      async () => {
        const link = findLink(await mailsTo(request, email), email, '/booking/my-booking', 'Deine Wohnungsübergabe')?.link;
        token = link ? (new URLSearchParams(link.split('?')[1]).get('token') ?? '') : '';
        return token !== '';
      },
      { message: 'the handover mail with the link to "Meine Buchung"', timeout: 60_000 },
    )
    .toBe(true);
  const confirmed = await graphql<{ confirmHandover: { exception: { messageId: string } | null } }>(
    request,
    'mutation Confirm($t: String!, $r: ID!) { confirmHandover(token: $t, rentingId: $r) { exception { messageId } } }',
    { t: token, r: booked.rentingId },
  );
  expect(confirmed.confirmHandover.exception).toBeNull();

  // the confirmed handover waits on the start page for its settlement, with the deadline
  await page.goto('/admin');
  const task = page.getByRole('link').filter({ hasText: `${booked.person.firstName} ${booked.person.lastName}` }).filter({ hasText: 'Kaution abrechnen' });
  await expect(task).toContainText('fällig bis');
  await task.click();
  await expect(page).toHaveURL(new RegExp(`/admin/mieter/${booked.renterId}/info$`));
  await expect(handover).toContainText('Bestätigt');

  // the office settles: a refund through the payment provider of the deposit less the damage
  await handover.getByRole('button', { name: 'Kaution abrechnen' }).click();
  await expect(dialog.getByLabel('Erstattung über Zahlungsanbieter')).toBeChecked();
  await expect(dialog).toContainText(refund);
  await dialog.getByRole('button', { name: 'Abrechnen' }).click();
  await expect(dialog).toBeHidden();
  await expect(handover).toContainText('Abgerechnet');
  await expect(handover).toContainText(`Erstattung über Zahlungsanbieter, ${refund} zurück`);

  // the ledger books the payment, the deduction and the refund (the payment service, after the event)
  const ledger = card.getByTestId(`ledger-${booked.rentingId}`);
  const line = (kind: string) => ledger.getByRole('row').filter({ has: page.getByRole('cell', { name: kind, exact: true }) });
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(handover).toBeVisible();
        return (await ledger.locator('.ant-table-tbody td').allTextContents()).filter((cell) => ['Zahlung', 'Einbehalt', 'Erstattung'].includes(cell)).sort();
      },
      { message: 'the ledger shows Zahlung, Einbehalt and Erstattung', timeout: 90_000, intervals: [2_000, 5_000] },
    )
    .toEqual(['Einbehalt', 'Erstattung', 'Zahlung']);
  await expect(line('Einbehalt')).toContainText('50,00');
  await expect(line('Erstattung')).toContainText(refund);

  // the renter gets the settlement statement with what comes back
  await expect
    .poll(
      async () => (await mailsTo(request, email)).find((m) => m.subject === 'Die Abrechnung deiner Kaution')?.text?.replace(/\s/g, ' ') ?? '',
      { message: 'the settlement mail', timeout: 60_000 },
    )
    .toContain(`Wir erstatten dir ${refund.replace(/\s/g, ' ')}`);

  // this month's books as a DATEV Buchungsstapel
  await page.goto('/admin');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'DATEV-Export' }).click();
  const file = await download;
  const bytes = await readFile((await file.path())!);
  expect(bytes.toString('latin1').split('\r\n')[0]).toMatch(/^"EXTF";700;21;"Buchungsstapel"/);
});
