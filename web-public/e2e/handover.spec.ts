import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apartmentFor, recordHandover, uniqueEmail } from './support/api';
import { png } from './support/files';
import { mailWithLink } from './support/mail';
import { bookAndPay } from './support/payed';

test('the handover the office recorded is mailed, shown on "My booking" with its photo and disputed there with a reason', async ({ page, request }) => {
  test.setTimeout(180_000);
  const apartment = await apartmentFor(request, 20);
  const email = uniqueEmail('handover');
  const rentingId = await bookAndPay(page, request, apartment, email);
  await recordHandover(rentingId, [{ description: 'Scratch on the door', amountCents: 5000, photos: [png(640, 480)] }]);

  // The booking was made in English: the handover mail is English and lists the damage with its amount.
  const { mail, link } = await mailWithLink(request, email, '/booking/my-booking', { subject: 'Your apartment handover' });
  expect(mail.text).toContain('Damage “Scratch on the door”: €50.00');

  await page.goto(link);
  const handover = page.getByRole('region', { name: 'Apartment handover' });
  await expect(handover.getByText('Recorded, waiting for your answer')).toBeVisible();
  await expect(handover.getByRole('listitem').filter({ hasText: 'Scratch on the door' })).toContainText('Scratch on the door: €50.00');
  const photo = handover.getByRole('img', { name: 'Photo 1 of “Scratch on the door”' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  await expectAccessible(page, 'my booking with a handover');
  // A phone's width: the damages, the photos and the actions wrap, nothing runs off the page.
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await handover.getByRole('button', { name: 'Dispute' }).click();
  const reason = 'The scratch was there when I moved in.';
  await handover.getByLabel('Why do you dispute the handover?').fill(reason);
  await handover.getByRole('button', { name: 'Send dispute' }).click();
  await expect(handover.getByText('Disputed by you')).toBeVisible();
  await expect(handover.getByText(reason)).toBeVisible();
  await expect(handover.getByRole('button', { name: 'Confirm handover' })).toHaveCount(0);
  await expectAccessible(page, 'my booking with a disputed handover');

  const receipt = await mailWithLink(request, email, '/booking/my-booking', { subject: 'Your answer to the apartment handover has arrived' });
  expect(receipt.mail.text).toContain(`You write: “${reason}”`);
});
