import { expect, test } from '@playwright/test';
import { apartmentFor } from './support/api';

// Slots used by this file: 13 (only looked at, never booked; web-admin's tests change the pictures of another).

test('the carousel on step2 shows rendered photos the browser picks from their srcset, later ones loaded when shown', async ({
  page,
  request,
}) => {
  const apartment = await apartmentFor(request, 13);
  await page.goto(`/booking/step2?apartment-id=${apartment.id}`);
  const carousel = page.getByRole('region', { name: 'Pictures', exact: true });
  const first = carousel.getByRole('img').first();
  await expect(first).toBeVisible();
  // Chromium knows AVIF: it takes the first source, in a width for its screen, and the photo decodes.
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/images\/apartments\/[a-z]+-room-(480|960)\.avif$/);
  expect(await first.getAttribute('loading')).toBe('eager');
  const box = await first.boundingBox();
  expect(box && Math.round((box.width / box.height) * 10) / 10).toBe(1.5);

  // The next picture is lazy: fetched only once it is shown.
  const kitchen = carousel.locator('img[loading="lazy"]').first();
  expect(await kitchen.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe('');
  await carousel.getByRole('button', { name: 'Next picture' }).click();
  await expect(kitchen).toBeVisible();
  await expect.poll(() => kitchen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await kitchen.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-kitchen-(480|960)\.avif$/);

  // The files come with their type and may be cached.
  const served = await request.get(await first.evaluate((img: HTMLImageElement) => img.currentSrc));
  expect(served.headers()['content-type']).toBe('image/avif');
});
