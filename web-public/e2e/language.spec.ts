import { expect, test, type Page } from '@playwright/test';
import { de } from '../src/i18n/de';
import { en } from '../src/i18n/en';
import { expectAccessible } from './support/a11y';
import { apartmentFor } from './support/api';
import { showBookingForm } from './support/booking';

// Slots used by this file: 4 (only looked at, never booked).

/** Every English text that differs from its German translation, without its {{placeholders}}. */
function englishOnly(): string[] {
  const out: string[] = [];
  const walk = (a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(a)) {
      if (typeof v === 'string') {
        if (v !== b[k]) out.push(...v.split(/\{\{\w+\}\}/).map((s) => s.trim()).filter((s) => s.length >= 4));
      } else walk(v as Record<string, unknown>, b[k] as Record<string, unknown>);
    }
  };
  walk(en, de as unknown as Record<string, unknown>);
  // A piece that is also German text (e.g. "Semester") says nothing about the language.
  const german = JSON.stringify(de);
  return [...new Set(out)].filter((s) => !german.includes(s));
}

async function englishShown(page: Page): Promise<string[]> {
  const visible = await page.locator('body').innerText();
  return englishOnly().filter((s) => visible.includes(s));
}

async function expectNoEnglish(page: Page) {
  expect(await englishShown(page), 'English texts left on a German page').toEqual([]);
}

async function switchTo(page: Page, current: string, target: 'Deutsch' | 'English') {
  await page.getByRole('button', { name: current === 'Deutsch' ? 'Sprache' : 'Language' }).click();
  await page.getByRole('menuitem', { name: target }).click();
}

test('switching to German changes every visible text, survives a reload and back to English', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 4);
  await page.goto('/booking/step1');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your apartment' })).toBeVisible();
  // The check below can fail: in English it finds the page's texts.
  expect((await englishShown(page)).length).toBeGreaterThan(5);

  await switchTo(page, 'English', 'Deutsch');
  await expect(page.getByRole('heading', { level: 1, name: 'Wähle dein Apartment' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expectNoEnglish(page);
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Wähle dein Apartment' })).toBeVisible();
  await expect(page.getByText(/pro Monat inkl\. Nebenkosten/).first()).toContainText(/\d,\d\d\s€/);
  await expectNoEnglish(page);
  await expectAccessible(page, 'step1 in German');

  await page.goto(`/booking/step2?apartment-id=${apartment.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Apartment ${apartment.name}` })).toBeVisible();
  await showBookingForm(page);
  await expect(page.getByLabel('Geburtstag', { exact: true })).toHaveAttribute('placeholder', 'DD.MM.YYYY');
  await expectNoEnglish(page);
  await expectAccessible(page, 'step2 in German');

  await switchTo(page, 'Deutsch', 'English');
  await expect(page.getByLabel('Birthday', { exact: true })).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  await page.reload();
  await showBookingForm(page);
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
});

test('an unsupported stored language is ignored: the browser language decides', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  await context.addInitScript(() => localStorage.setItem('language', 'fr'));
  const page = await context.newPage();
  await page.goto('/booking/step1');
  await expect(page.getByRole('heading', { level: 1, name: 'Wähle dein Apartment' })).toBeVisible();
  await context.close();
});

test('on a phone the language menu keeps its place and size when the residence name arrives (no layout shift)', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/booking/step1');
  await expect(page.locator('.app-home')).not.toBeEmpty();
  await expect(page.getByRole('img', { name: /EG/ })).toBeVisible();
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts).toEqual([]);
});
