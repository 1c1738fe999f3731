import { defineConfig, devices } from '@playwright/test';

import { launchOptions as chromium } from '../tools/e2e/support/chromium';

// Browser end-to-end tests against the whole running system (tools/e2e/run.sh starts one and sets
// E2E_BASE_URL and E2E_MAIL_URL; `make test-e2e` calls it). Debian's Chromium, headless: browsers
// are never downloaded (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';

export default defineConfig({
  testDir: 'e2e',
  // A booking waits for events between services (mails, contract, payment): generous, but no sleeps.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'en-US',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /screenshots\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    // `npm run screenshots`: the docs/screenshots pictures, not a test that make test runs.
    ...(process.env.SCREENSHOTS
      ? [
          {
            name: 'screenshots',
            testMatch: /screenshots\.spec\.ts/,
            use: { ...devices['Desktop Chrome'], launchOptions: chromium },
          },
        ]
      : []),
  ],
});
