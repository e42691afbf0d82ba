/**
 * The eager loader carries the default button texts of each locale (src/element/button-texts.ts) so its
 * facade shows what the React button will show. This fails when a locale file and the table disagree.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { BUTTON_TEXTS } from '../../../../src/element/button-texts.js';
import { OFFLINE_TEXTS } from '../../../../src/element/offline/offline-texts.js';

function fromLocales(key: string): Record<string, string> {
  const dir = new URL('../../../../locales/', import.meta.url);
  const texts: Record<string, string> = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const messages = JSON.parse(fs.readFileSync(new URL(file, dir), 'utf8')) as Record<string, string>;
    const text = messages[key];
    if (text) texts[file.replace(/\.json$/, '')] = text;
  }
  return texts;
}

test('the facade button texts match locales/*.json', () => {
  assert.deepEqual({ ...BUTTON_TEXTS }, fromLocales('widget.button.text'));
  assert.deepEqual({ ...OFFLINE_TEXTS }, fromLocales('widget.offline.title'));
});
