import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

import { sharedConfig } from '../tools/e2e/support/config';

// Browser end-to-end tests against the whole running system, in Debian's headless Chromium: see
// tools/e2e/support/config.ts. The booking site starts in English here.
export default defineConfig(sharedConfig(devices['Desktop Chrome'], { locale: 'en-US' }) as PlaywrightTestConfig);
