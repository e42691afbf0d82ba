import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { CHROMIUM_ARGS, findChromium } from './test/support/browser.mjs';
import { esbuildPlugin } from './test/support/wtr-esbuild-plugin.mjs';
import { countingReporter } from './test/support/wtr-counting-reporter.mjs';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
const executablePath = await findChromium();

// Test-only HTTP routes (a real server answering the browser over HTTP): every module in
// test/support/routes/ exports a default Koa middleware.
const routesDir = path.join(rootDir, 'test', 'support', 'routes');
const middleware = [];
for (const file of fs.existsSync(routesDir) ? fs.readdirSync(routesDir).filter((f) => f.endsWith('.mjs')).sort() : []) {
  middleware.push((await import(pathToFileURL(path.join(routesDir, file)).href)).default);
}

export default {
  rootDir,
  files: ['test/{protocol,platform,state,ui,element,operator}/**/*.test.{ts,tsx}'],
  // No 'development' condition: the only package it changes here is Lit (under @open-wc/testing's
  // fixture helpers), whose development build announces itself in every test file's log. React's
  // development mode comes from the esbuild plugin's NODE_ENV, not from these conditions.
  nodeResolve: { browser: true, exportConditions: ['browser'] },
  middleware,
  plugins: [esbuildPlugin({ rootDir })],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS },
    }),
  ],
  concurrency: 2,
  testsFinishTimeout: 300_000,
  testFramework: { config: { timeout: 10_000 } },
  reporters: [
    process.env.CI ? summaryReporter({ flatten: true }) : defaultReporter(),
    countingReporter({ file: process.env.WTR_COUNTS_FILE }),
  ],
};
