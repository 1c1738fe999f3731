/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves the built app at / and the API at /api on the same origin; in development the
// dev server forwards /api to a locally running gateway (`make run`).
export default defineConfig({
  plugins: [react()],
  server: {
    // The country and nationality lists are the renter service's own files (src/pages/booking/codeLists.ts).
    fs: { allow: ['.', '../services/renter/internal/domain'] },
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20000,
    css: false,
  },
});
