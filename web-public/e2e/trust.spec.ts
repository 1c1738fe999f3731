import { expect, test } from '@playwright/test';
import { en } from '../src/i18n/en';
import { expectAccessible } from './support/a11y';
import { apartmentFor, approveIdentity, bookAndConfirm, graphql, uniqueEmail } from './support/api';
import { acceptTermsAndSubmit, book, errorOf, fillBookingForm, person, showBookingForm } from './support/booking';
import { LANGUAGES, reloadIn, useLanguage } from './support/languages';
import { linkFromMail, mailWithLink } from './support/mail';

// What a student meets when something is not as planned (issue 17): every error in view, every page
// truthful. Each test runs in English and in German.
// Slots used by this file: 6 (never booked: every submit here is refused), 7 (booked through the API),
// 8 (booked and paid through the site).

/** The text of a key with its {{placeholders}} filled in. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
}

for (const [language, texts] of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    test('a server-side error of the booking form scrolls into view, takes the focus and is announced', async ({
      page,
      request,
    }) => {
      const apartment = await apartmentFor(request, 6);
      await page.goto(`/booking/step2?apartment-id=${apartment.id}`);
      // A postal code the form lets through and the server refuses (INVALID_ZIP).
      await fillBookingForm(page, { ...person(uniqueEmail('zip')), zip: '12' }, texts);
      await acceptTermsAndSubmit(page, texts);
      const alert = page.getByRole('alert').filter({ hasText: fill(texts.errors.occurred, { message: texts.validation.INVALID_ZIP }) });
      await expect(alert).toBeVisible();
      await expect(alert).toBeInViewport();
      await expect(alert).toBeFocused();
      await expect(alert).toHaveAttribute('aria-live', 'assertive');
      await expect(page).toHaveURL(/\/booking\/step2\?/);
      await expectAccessible(page, 'step2 with a server-side error');
    });

    test('the missing-file and required-field texts of the error catalogue', async ({ page, request }) => {
      const apartment = await apartmentFor(request, 6);
      await page.goto(`/booking/step2?apartment-id=${apartment.id}`);
      await showBookingForm(page);
      await acceptTermsAndSubmit(page, texts);
      const form = texts.booking.form;
      await expect(errorOf(page, form.identityCardFront)).toHaveText(texts.errors.missingFront);
      await expect(errorOf(page, form.identityCardBack)).toHaveText(texts.errors.missingBack);
      await expect(errorOf(page, form.immatriculation)).toHaveText(texts.errors.missingCertificate);
      for (const label of [form.first_name, form.last_name, form.city, form.mobile]) {
        await expect(errorOf(page, label), label).toHaveText(texts.validation.required);
      }
      await expect(page.getByText(texts.validation.missing)).toHaveCount(0);
    });

    test('an unknown apartment id says that no apartment has it', async ({ page }) => {
      await page.goto('/booking/step2?apartment-id=9999');
      await expect(page.getByRole('alert')).toContainText(fill(texts.errors.noApartment, { id: '9999' }));
      await expect(page.getByText(texts.errors.retry)).toHaveCount(0);
      await expectAccessible(page, 'step2 of an unknown apartment');
    });

    test('an invalid or expired confirmation link says so, not that somebody was faster', async ({ page }) => {
      await page.goto(`/api/verify?${new URLSearchParams({ email: 'nobody@example.org', token: 'not-a-token' }).toString()}`);
      await expect(page).toHaveURL(/\/booking\/step3failed\?reason=INVALID_TOKEN/);
      await expect(page.getByRole('heading', { level: 1, name: texts.booking.step3failed.invalidTitle })).toBeVisible();
      await expect(page.getByText(texts.booking.step1.failedTitle)).toHaveCount(0);
      await expectAccessible(page, 'step3failed for an invalid link');
      await page.goto('/booking/step3failed?reason=EXPIRED_TOKEN&rentingId=00000000-0000-0000-0000-000000000000');
      await expect(page.getByRole('heading', { level: 1, name: texts.booking.step3failed.expiredTitle })).toBeVisible();
      await page.getByRole('link', { name: texts.booking.step3failed.toStep1 }).click();
      await expect(page).toHaveURL(/\/booking\/step1$/);
    });

    test('the German and English step indicator keeps every label inside its step from 390 to 1280 px', async ({ page }) => {
      await page.goto('/booking/step1');
      const steps = page.getByRole('list', { name: texts.booking.steps.label }).getByRole('listitem');
      await expect(steps).toHaveCount(5);
      for (let width = 390; width <= 1280; width += 10) {
        await page.setViewportSize({ width, height: 800 });
        const overlaps = await steps.evaluateAll((items) =>
          items.flatMap((item, i) => {
            const label = item.querySelector('.steps-label')!.getBoundingClientRect();
            const next = items[i + 1]?.querySelector('.steps-icon')?.getBoundingClientRect();
            const box = item.getBoundingClientRect();
            const out = label.right > box.right + 0.5 || (next !== undefined && next.top < label.bottom && label.right > next.left);
            return out ? [`step ${i + 1}`] : [];
          }),
        );
        expect(overlaps, `labels running over at ${width} px`).toEqual([]);
      }
    });
  });
}

test('a booked apartment offers no booking form on step2, in English and German', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 7);
  await bookAndConfirm(request, apartment.id, uniqueEmail('held'));
  for (const [language, texts] of LANGUAGES) {
    await page.goto(`/booking/step2?apartment-id=${apartment.id}`);
    await reloadIn(page, language);
    await expect(page.getByRole('heading', { name: texts.booking.step2.bookedTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: texts.booking.step2.book })).toHaveCount(0);
    await expect(page.locator('#booking-form')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: texts.booking.form.title })).toHaveCount(0);
    await expectAccessible(page, `step2 of a booked apartment (${language})`);
    await page.getByRole('link', { name: texts.booking.step2.toStep1 }).click();
    await expect(page).toHaveURL(/\/booking\/step1$/);
  }
});

test('after the form every page and mail repeats apartment, semester and total, knows what is done, and says when a payment failed', async ({
  page,
  request,
}) => {
  const apartment = await apartmentFor(request, 8);
  const { bookableSemester } = await graphql<{ bookableSemester: { id: number; name: string } }>(request, '{ bookableSemester { id name } }');
  const { bookApartment } = await graphql<{ bookApartment: { priceCalculation: { total: number } } }>(
    request,
    'query($a: Int!, $s: Int!) { bookApartment(aid: $a, sid: $s) { priceCalculation { total } } }',
    { a: apartment.id, s: bookableSemester.id },
  );
  const total = (language: string) =>
    new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency: 'EUR' }).format(bookApartment.priceCalculation.total);
  const expectSummary = async (language = 'en') => {
    const summary = page.getByTestId('booking-summary');
    await expect(summary).toContainText(apartment.name);
    await expect(summary).toContainText(bookableSemester.name);
    await expect(summary).toContainText(total(language));
  };
  /** A step whose work is done says so and offers its button no more, in both languages. */
  const expectDone = async (url: string, area: 'step4' | 'step5') => {
    await page.goto(url);
    for (const [language, texts] of LANGUAGES) {
      await reloadIn(page, language);
      await expect(page.getByRole('heading', { level: 1, name: texts.booking[area].doneTitle })).toBeVisible();
      await expect(page.getByRole('link', { name: texts.booking[area].button })).toHaveCount(0);
      await expectSummary(language);
    }
    await reloadIn(page, 'en');
  };
  const email = uniqueEmail('progress');

  const rentingId = await book(page, apartment, person(email));
  await expectSummary();

  await page.goto(await linkFromMail(request, email, '/booking/step3'));
  const [confirmed] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Confirm e-mail' }).click()]);
  await expect(confirmed).toHaveURL(/\/booking\/step3done\?rentingId=/);
  await confirmed.close();
  await approveIdentity(rentingId);

  const step4 = await linkFromMail(request, email, '/booking/step4');
  await page.goto(step4);
  await expectSummary();
  await page.getByRole('link', { name: en.booking.step4.button }).click();
  await page.getByLabel(/Your full name/).fill('Erika Mustermann');
  await page.getByRole('checkbox', { name: /I have read the rental contract/ }).check();
  await page.getByRole('button', { name: /Sign/ }).click();
  await expect(page).toHaveURL(/\/booking\/step4done\?rentingId=/);
  await expectDone(step4, 'step4');

  // The payment mail (in the renter's language, English here) states the amount, repeats the booking
  // and is signed by the residence the site names.
  const { building } = await graphql<{ building: { name: string; address: string; contact: { email: string; phone: string } } }>(
    request,
    '{ building { name address contact { email phone } } }',
  );
  const { mail: payMail, link: step5 } = await mailWithLink(request, email, '/booking/step5');
  const mailText = payMail.text ?? '';
  expect(mailText).toContain(`Please pay the rent for the semester now, ${total('en')}:`);
  for (const fact of [`Apartment: ${apartment.name}`, `Semester: ${bookableSemester.name}`, `Total: ${total('en')}`])
    expect(mailText).toContain(fact);
  for (const line of [building.name, building.address, `${building.contact.email} · ${building.contact.phone}`])
    expect(mailText).toContain(line);
  await page.goto(step5);
  await expectSummary();
  await expectAccessible(page, 'step5');
  await page.getByRole('link', { name: en.booking.step5.button }).click();
  await page.getByRole('button', { name: /Fail/ }).click();
  await expect(page).toHaveURL(/\/booking\/step5\?rentingId=.*&payment=failed/);
  for (const [language, texts] of LANGUAGES) {
    await reloadIn(page, language);
    const alert = page.getByRole('alert').filter({ hasText: texts.booking.step5.failedTitle });
    await expect(alert).toBeVisible();
    await expect(alert).toBeFocused();
    await expectSummary(language);
    await expectAccessible(page, `step5 after a failed payment (${language})`);
  }
  await reloadIn(page, 'en');
  await page.getByRole('link', { name: en.booking.step5.failedButton }).click();
  await page.getByRole('button', { name: /Pay/ }).click();
  await expect(page).toHaveURL(/\/booking\/step5done\?rentingId=/);

  await expectDone(step5, 'step5');
});
