// How the browser tests of both web apps start Chromium: Debian's, headless, never downloaded
// (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1). Without the background-networking flags Chromium keeps
// trying to reach Google's hosts, which a closed network refuses.
export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
