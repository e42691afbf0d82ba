/**
 * What the widget bundle must not carry: the ICU message parser. The widget's messages are precompiled
 * at build time (locales/*.json → intl-messageformat syntax trees), so the live-chat configuration of
 * rollup.config.mjs resolves intl-messageformat's parser import to formatjs's `no-parser` stub. The
 * configuration is built in memory, like the size budget test, so this checks the current sources.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { rollup, type OutputChunk, type OutputOptions, type Plugin, type RollupOptions } from 'rollup';

const root = new URL('../../../../', import.meta.url);

/** A message as intl-messageformat takes it: text or syntax tree. */
type IcuMessage = ConstructorParameters<typeof IntlMessageFormat>[0];

async function widgetConfig(): Promise<RollupOptions> {
  const configs = ((await import(new URL('rollup.config.mjs', root).href)) as { default: RollupOptions[] }).default;
  const widget = configs.find((c) => typeof c.input === 'object' && !Array.isArray(c.input) && 'live-chat' in c.input);
  assert.ok(widget, 'rollup.config.mjs builds the live-chat entry');
  return widget;
}

async function buildWidget(): Promise<OutputChunk[]> {
  const widget = await widgetConfig();
  const bundle = await rollup({ ...widget, onwarn: () => undefined });
  const output = (Array.isArray(widget.output) ? widget.output[0] : widget.output) as OutputOptions;
  const { output: files } = await bundle.generate({ ...output, sourcemap: false });
  await bundle.close();
  return files.filter((f): f is OutputChunk => f.type === 'chunk');
}

const packageOf = (id: string): string | undefined => /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id)?.[1]?.replace('\\', '/');

test('widget bundle: intl-messageformat without the ICU parser', { timeout: 180_000 }, async () => {
  const chunks = await buildWidget();
  const modules = chunks.flatMap((c) => Object.keys(c.modules));

  assert.ok(modules.some((id) => packageOf(id) === 'intl-messageformat'), 'the widget formats its messages with intl-messageformat');
  const parser = modules.filter((id) => packageOf(id) === '@formatjs/icu-messageformat-parser');
  assert.deepEqual(
    parser.map((id) => id.replace(/.*node_modules[\\/]/, '')),
    ['@formatjs/icu-messageformat-parser/no-parser.js'],
    'only the no-parser stub of @formatjs/icu-messageformat-parser is bundled',
  );
  assert.deepEqual(modules.filter((id) => packageOf(id) === '@formatjs/icu-skeleton-parser'), [], 'no ICU skeleton parser');

  const locales = modules.filter((id) => /[\\/]locales[\\/][\w-]+\.json$/.test(id));
  assert.ok(locales.length >= 3, `en, fr and ar are bundled (found ${locales.length})`);
});

// Node kinds of intl-messageformat's syntax tree: 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural.
interface AstNode {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
  children?: AstNode[];
}

function sampleValues(ast: AstNode[], values: Record<string, string | number> = {}): Record<string, string | number> {
  for (const node of ast) {
    // Number, date and time arguments with named styles would need intl-messageformat's formats, and tags
    // a function: the widget's formatter is given neither.
    assert.ok(![2, 3, 4, 8].includes(node.type), `a widget message uses an argument of kind ${node.type}`);
    if (typeof node.value === 'string' && node.type >= 1 && node.type <= 6) values[node.value] = node.type === 2 || node.type === 6 ? 3 : node.type === 5 ? 'other' : 'X';
    for (const option of Object.values(node.options ?? {})) sampleValues(option.value, values);
    if (node.children) sampleValues(node.children, values);
  }
  return values;
}

test('the widget build precompiles every widget message of every locale to a tree that formats like its text', { timeout: 60_000 }, async () => {
  const widget = await widgetConfig();
  const plugins = (widget.plugins as Plugin[]).filter((p) => typeof p.transform === 'function');
  for (const lang of ['en', 'fr', 'ar']) {
    const id = new URL(`locales/${lang}.json`, root).pathname;
    const source = fs.readFileSync(id, 'utf8');
    // Runs the configuration's own transforms up to the JSON loader, as the build does.
    let code = source;
    for (const plugin of plugins) {
      if (!['widget-texts-only', 'precompiled-texts'].includes(plugin.name)) continue;
      const out = (plugin.transform as (code: string, id: string) => { code: string } | null).call({}, code, id);
      if (out) code = out.code;
    }
    const texts = JSON.parse(source) as Record<string, string>;
    const compiled = JSON.parse(code) as Record<string, unknown>;
    const widgetKeys = Object.keys(texts).filter((k) => !k.startsWith('operator.'));
    assert.deepEqual(Object.keys(compiled).sort(), widgetKeys.sort(), `${lang}: the widget's keys, without operator.*`);
    for (const key of widgetKeys) {
      const ast = compiled[key];
      assert.ok(Array.isArray(ast), `${lang} ${key} is precompiled`);
      const values = sampleValues(ast as AstNode[]);
      const expected = new IntlMessageFormat(texts[key]!, lang).format(values);
      assert.equal(new IntlMessageFormat(ast as IcuMessage, lang).format(values), expected, `${lang} ${key}`);
    }
  }
});
