import fs from 'node:fs';

/** Chromium flags that keep a headless browser quiet on a closed network and inside containers. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Finds a Chromium to test with: CHROME_PATH, then the system chromium, then Playwright's own
 * download. Test tools never download a browser themselves.
 * @returns {Promise<string>}
 */
export async function findChromium() {
  const candidates = [];
  if (process.env.CHROME_PATH) candidates.push(process.env.CHROME_PATH);
  candidates.push('/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome');
  try {
    const { chromium } = await import('playwright-core');
    candidates.push(chromium.executablePath());
  } catch {
    // playwright-core knows no bundled browser on this platform: the list above is all there is.
  }
  const found = candidates.find((c) => c && fs.existsSync(c));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
        'or point CHROME_PATH at a Chrome or Chromium executable.',
    );
  }
  return found;
}

export { freePort } from './free-port.mjs';
