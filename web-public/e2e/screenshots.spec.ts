import { expect, test, type Page } from '@playwright/test';
import { apartments } from './support/api';
import { expectStepsTicked, showBookingForm } from './support/booking';

// `npm run screenshots` (SCREENSHOTS=1, project "screenshots"; never part of make test): step1, step2
// and step5done in English and German, on a desktop (<page>-<language>.png) and on a phone
// (<page>-<language>-phone.png), written to docs/screenshots/ for the documentation.
// Runs against E2E_BASE_URL (default http://localhost:8080, e.g. `make run`).

const DIR = '../docs/screenshots';

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Every picture is loaded (floor plans, apartment pictures; lazy ones off screen may wait).
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((img) => img.complete || img.loading === 'lazy')))
    .toBe(true);
}

const DEVICES = [
  { suffix: '', viewport: { width: 1280, height: 900 }, isMobile: false },
  { suffix: '-phone', viewport: { width: 390, height: 844 }, isMobile: true },
];

for (const language of ['en', 'de'] as const) {
  for (const { suffix, viewport, isMobile } of DEVICES) {
    test(`screenshots in ${language}${suffix}`, async ({ browser, request }) => {
      const context = await browser.newContext({ viewport, isMobile, locale: language === 'de' ? 'de-DE' : 'en-US' });
      await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
      const page = await context.newPage();
      const first = (await apartments(request))[0];

      await page.goto('/booking/step1');
      await expect(page.getByTestId(`apartment-${first.id}`)).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${DIR}/step1-${language}${suffix}.png`, fullPage: true });

      await page.goto(`/booking/step2?apartment-id=${first.id}`);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(first.name.replace('.', '\\.')) })).toBeVisible();
      await showBookingForm(page);
      await settle(page);
      await page.screenshot({ path: `${DIR}/step2-${language}${suffix}.png`, fullPage: true });

      await page.goto('/booking/step5done?rentingId=00000000-0000-0000-0000-000000000000');
      await expectStepsTicked(page, 5);
      await settle(page);
      await page.screenshot({ path: `${DIR}/step5done-${language}${suffix}.png`, fullPage: true });
      await context.close();
    });
  }
}
