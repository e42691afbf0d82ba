import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe-core finds wrong in the page, open shadow roots included: each rule with the elements at fault. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run();
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
  });
}

/** {@link axeViolations} with the system in light and then in dark, each line naming its theme; the page is left light. */
export async function axeInBothThemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  try {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      found.push(...(await axeViolations(page)).map((line) => `${colorScheme}: ${line}`));
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
  return found;
}
