import { launchOptions } from './chromium';

/**
 * The Playwright settings both web apps share: their tests run against the whole running system that
 * tools/e2e/run.sh starts (it sets E2E_BASE_URL, the gateway, and E2E_MAIL_URL, the mail catcher's
 * API; `make test-e2e` calls it). Bookings wait for events between services (mails, contract,
 * payment): the timeouts are generous, and the tests never sleep.
 *
 * desktopChrome is Playwright's devices['Desktop Chrome'] and use the app's own settings (locale, ...):
 * this module cannot import @playwright/test, which each app has in its own node_modules.
 */
export function sharedConfig(desktopChrome: object, use: Record<string, unknown>) {
  const browser = { ...desktopChrome, launchOptions };
  const reporter: Array<[string] | [string, Record<string, unknown>]> = process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never' }]];
  return {
    testDir: 'e2e',
    timeout: 120_000,
    expect: { timeout: 20_000 },
    fullyParallel: true,
    workers: Number(process.env.E2E_WORKERS ?? 2),
    retries: 0,
    forbidOnly: !!process.env.CI,
    reporter,
    use: {
      baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:8080',
      headless: true,
      trace: 'retain-on-failure',
      screenshot: 'only-on-failure',
      launchOptions,
      ...use,
    },
    projects: [
      { name: 'chromium', testIgnore: /(screenshots|waitlist)\.spec\.ts/, use: browser },
      // The waitlist needs a full house (support/waitlist.ts): tools/e2e/run.sh runs this project after
      // the one above, never beside it.
      { name: 'waitlist', testMatch: /waitlist\.spec\.ts/, use: browser },
      // `npm run screenshots`: the pictures under docs/screenshots, not a test `make test` runs.
      ...(process.env.SCREENSHOTS ? [{ name: 'screenshots', testMatch: /screenshots\.spec\.ts/, use: browser }] : []),
    ],
  };
}
