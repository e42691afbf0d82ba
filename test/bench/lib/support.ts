/**
 * Typed access to the shared test helpers in test/support (plain .mjs without declarations): the
 * bench launches the same system Chromium with the same flags as the browser tests.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The project root (two folders above this file's folder). */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

interface BrowserSupport {
  CHROMIUM_ARGS: string[];
  findChromium(): Promise<string>;
}

/** Path of the Chromium to use and the flags it needs here (test/support/browser.mjs). */
export async function chromiumLaunch(): Promise<{ executablePath: string; args: string[] }> {
  const url = pathToFileURL(path.join(ROOT_DIR, 'test', 'support', 'browser.mjs')).href;
  const m = (await import(url)) as BrowserSupport;
  return { executablePath: await m.findChromium(), args: m.CHROMIUM_ARGS };
}
