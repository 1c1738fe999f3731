import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apartmentFor, graphql } from './support/api';
import { showBookingForm, shown } from './support/booking';
import { LANGUAGES, reloadIn, useLanguage } from './support/languages';

// Legal pages, footer, the residence's one name, the site's icons and assets (issue 17, item 8).
// Slots used by this file: 9 (only looked at, never booked).

/** The configured legal texts the site serves (public/legal.json). */
interface LegalTexts {
  [page: string]: Record<string, { title: string; paragraphs: string[] }>;
}

for (const [language, texts] of LANGUAGES) {
  test(`the footer on every page names the residence of the catalog with its contact and links the legal pages (${language})`, async ({ page, request }) => {
    await useLanguage(page, language);
    const { building } = await graphql<{ building: { name: string; address: string; contact: { email: string; phone: string } } }>(
      request,
      '{ building { name address contact { email phone } } }',
    );
    const legal = (await (await request.get('/legal.json')).json()) as LegalTexts;
    const apartment = await apartmentFor(request, 9);

    for (const path of ['/booking/step1', `/booking/step2?apartment-id=${apartment.id}`, '/booking/step2done', '/booking/success']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await expect(footer, path).toContainText(`${building.name} · ${building.address}`);
      await expect(footer.getByRole('link', { name: building.contact.email }), path).toHaveAttribute('href', `mailto:${building.contact.email}`);
      await expect(footer.getByRole('link', { name: building.contact.phone }), path).toHaveAttribute('href', /^tel:\+\d+$/);
      await expect(page.getByRole('banner').getByRole('link', { name: `${building.name} –` })).toHaveText(building.name);
      await expect(page).toHaveTitle(building.name);
    }

    for (const [key, route] of [
      ['imprint', '/legal/imprint'],
      ['privacy', '/legal/privacy'],
      ['terms', '/legal/terms'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name: texts.legal[key] }).click();
      await expect(page).toHaveURL(new RegExp(`${route}$`));
      const text = legal[key][language];
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
      // The configured text with the residence filled in.
      await expect(page.locator('.legal')).toContainText(building.address);
      await expect(page.locator('.legal')).not.toContainText('{{');
      if (key === 'imprint') await expect(page.locator('.legal')).toContainText(building.contact.email);
      await expectAccessible(page, `${route} (${language})`);
    }
  });

  test(`the terms and privacy checkboxes link to their pages without losing the form (${language})`, async ({ page, request }) => {
    await useLanguage(page, language);
    const legal = (await (await request.get('/legal.json')).json()) as LegalTexts;
    const apartment = await apartmentFor(request, 9);
    await page.goto(`/booking/step2?apartment-id=${apartment.id}`);
    await showBookingForm(page);
    await page.getByLabel(texts.booking.form.first_name, { exact: true }).fill('Erika');
    for (const [key, box] of [
      ['terms', texts.booking.form.terms],
      ['privacy', texts.booking.form.privacy],
    ] as const) {
      const checkbox = page.getByRole('checkbox', { name: shown(box) });
      // The link is the part of the checkbox's label that names the document.
      const link = page.locator('#booking-form label').filter({ has: checkbox }).getByRole('link');
      await expect(link).toHaveAttribute('href', `/legal/${key}`);
      const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await expect(tab).toHaveURL(new RegExp(`/legal/${key}$`));
      await expect(tab.getByRole('heading', { level: 1, name: legal[key][language].title })).toBeVisible();
      await tab.close();
      await expect(checkbox).not.toBeChecked();
    }
    await expect(page.getByLabel(texts.booking.form.first_name, { exact: true })).toHaveValue('Erika');
  });
}

test('gender options are words, not codes, in both languages', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 9);
  for (const [language, texts] of LANGUAGES) {
    await page.goto(`/booking/step2?apartment-id=${apartment.id}`);
    await reloadIn(page, language);
    await showBookingForm(page);
    await page.getByLabel(texts.booking.form.gender, { exact: true }).click();
    const options = [texts.booking.form.male, texts.booking.form.female, texts.booking.form.various];
    for (const option of options) expect(option[0]).toBe(option[0].toUpperCase());
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-content')).toHaveText(options);
    await page.keyboard.press('Escape');
  }
});

test('the favicon and the level icons of every floor are served', async ({ request }) => {
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toMatch(/icon/);
  const { building } = await graphql<{ building: { floors: { id: number }[] } }>(request, '{ building { floors { id } } }');
  expect(building.floors.length).toBeGreaterThan(0);
  for (const floor of building.floors) {
    const icon = await request.get(`/images/level/level${floor.id}.svg`);
    expect(icon.status(), `level${floor.id}.svg`).toBe(200);
    expect(await icon.text()).toContain('<svg');
  }
});
