import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { CHROMIUM_ARGS, findChromium } from './test/support/browser.mjs';
import { esbuildPlugin } from './test/support/wtr-esbuild-plugin.mjs';
import { countingReporter } from './test/support/wtr-counting-reporter.mjs';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
const executablePath = await findChromium();

export default {
  rootDir,
  files: ['test/{platform,state,ui,element,operator}/**/*.test.{ts,tsx}'],
  nodeResolve: { browser: true, exportConditions: ['browser', 'development'] },
  plugins: [esbuildPlugin({ rootDir })],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS },
    }),
  ],
  concurrency: 2,
  testsFinishTimeout: 180_000,
  testFramework: { config: { timeout: 10_000 } },
  reporters: [
    process.env.CI ? summaryReporter({ flatten: true }) : defaultReporter(),
    countingReporter({ file: process.env.WTR_COUNTS_FILE }),
  ],
};
