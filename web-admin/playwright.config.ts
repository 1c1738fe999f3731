import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

import { sharedConfig } from '../tools/e2e/support/config';

// Browser end-to-end tests against the whole running system, in Debian's headless Chromium: see
// tools/e2e/support/config.ts. The back office is German, in Berlin's time; the CSV exports download.
export default defineConfig(
  sharedConfig(devices['Desktop Chrome'], { locale: 'de-DE', timezoneId: 'Europe/Berlin', acceptDownloads: true }) as PlaywrightTestConfig,
);
