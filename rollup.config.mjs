import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';
import { IntlMessageFormat } from 'intl-messageformat';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

const production = process.env.BUILD_MODE !== 'development';

/**
 * Collapses the indentation and line breaks of the stylesheets in the `.css.ts` modules of src (template literals
 * assigned to a constant): host pages download them with the script, and terser leaves strings alone.
 * White space goes at line breaks, around braces, semicolons and commas and after a declaration's colon
 * (no selector or string in these sheets has a space after a colon), and the last semicolon of a block;
 * never next to an interpolation (`${size} + 1px` needs its spaces), so selectors and values keep their
 * meaning.
 */
function compactStylesheets() {
  return {
    name: 'compact-stylesheets',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.css\.ts$/.test(id)) return null;
      const compact = (css) =>
        css
          .replace(/\s*\n\s*/g, ' ')
          .replace(/\s*([{};,])\s*/g, '$1')
          .replace(/:\s+/g, ':')
          .replace(/;}/g, '}');
      const sheet = (css) => css.split(/(\$\{[^}]*\})/).map((part, i) => (i % 2 ? part : compact(part))).join('');
      return { code: code.replace(/(=\s*`)([^`]*)(`)/g, (_, open, css, close) => open + sheet(css) + close), map: null };
    },
  };
}

/**
 * Plugins shared by every browser bundle. `minifier: 'terser'` for what host pages download: its second
 * compress pass saves about 4 KB gzip on the widget over esbuild's single-pass minifier, for twice the
 * build time, which the operator console and the demo page do not need to pay.
 */
function browserPlugins({ minifier = 'esbuild' } = {}) {
  return [
    replace({
      preventAssignment: true,
      values: {
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        // jotai reads its mode from `import.meta.env?.MODE` (Vite's convention): without these its
        // development checks and warnings ship to every host page, and run there.
        'import.meta.env.MODE': JSON.stringify(production ? 'production' : 'development'),
        'import.meta.env': 'true',
      },
    }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    compactStylesheets(),
    esbuild({
      target: 'es2022',
      jsx: 'automatic',
      minify: production && minifier === 'esbuild',
      legalComments: 'none',
      loaders: { '.json': 'json' },
      tsconfig: 'tsconfig.json',
    }),
    ...(production && minifier === 'terser'
      ? [terser({ module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } })]
      : []),
  ];
}

const LOCALE_FILE = /[\\/]locales[\\/]([\w-]+)\.json$/;

/**
 * Precompiles every message of locales/*.json to intl-messageformat's syntax tree, so the widget
 * formats them without the ICU parser (see {@link icuWithoutParser}). A message that does not parse
 * fails the build.
 */
function precompileMessages(messages, locale) {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      try {
        return [key, new IntlMessageFormat(message, locale).getAst()];
      } catch (error) {
        throw new Error(`locales/${locale}.json: "${key}" is not a valid ICU message (${error.message})`, { cause: error });
      }
    }),
  );
}

function precompiledTexts() {
  return {
    name: 'precompiled-texts',
    transform(code, id) {
      const file = LOCALE_FILE.exec(id);
      if (!file) return null;
      return { code: JSON.stringify(precompileMessages(JSON.parse(code), file[1])), map: null };
    },
  };
}

/**
 * intl-messageformat imports the ICU parser (about 8 KB gzip with its skeleton parser) for messages
 * given as text. The widget's messages are all precompiled, so it gets formatjs's `no-parser` entry:
 * same exports, and `parse` throws, which the widget's translator catches like any bad message.
 */
function icuWithoutParser() {
  return {
    name: 'icu-without-parser',
    resolveId(source, importer, options) {
      if (source !== '@formatjs/icu-messageformat-parser') return null;
      return this.resolve('@formatjs/icu-messageformat-parser/no-parser.js', importer, { ...options, skipSelf: true });
    },
  };
}

/** The widget's texts: its own messages only, precompiled, formatted without the ICU parser. */
function widgetTexts() {
  return [widgetTextsOnly(), precompiledTexts(), icuWithoutParser()];
}

/**
 * The widget ships only its own texts: locales/*.json also hold the operator console's `operator.*`
 * messages, which every host page would otherwise download.
 */
function widgetTextsOnly() {
  return {
    name: 'widget-texts-only',
    transform(code, id) {
      if (!LOCALE_FILE.test(id)) return null;
      const messages = JSON.parse(code);
      const kept = Object.fromEntries(Object.entries(messages).filter(([key]) => !key.startsWith('operator.')));
      return { code: JSON.stringify(kept), map: null };
    },
  };
}

/**
 * Emits the operator console's page and stylesheets beside its bundle (nothing inline: strict CSP). Each
 * part of the console keeps its styles in its own folder; `operator.css` is those parts joined in the order
 * `src/operator/app/styles.json` lists (the browser tests load the same list), so the page still loads
 * two stylesheets: `theme.css`, then `operator.css`.
 */
function operatorPage() {
  return {
    name: 'operator-page',
    async generateBundle() {
      const { readFile } = await import('node:fs/promises');
      for (const file of ['index.html', 'theme.css']) {
        this.emitFile({ type: 'asset', fileName: file, source: await readFile(`src/operator/app/${file}`, 'utf8') });
      }
      const { parts } = JSON.parse(await readFile('src/operator/app/styles.json', 'utf8'));
      const sources = await Promise.all(parts.map((part) => readFile(`src/operator/${part}`, 'utf8')));
      this.emitFile({ type: 'asset', fileName: 'operator.css', source: sources.join('') });
    },
  };
}

/**
 * Writes a brotli and a gzip copy beside every built script, stylesheet and page: the server sends
 * them as they are (@fastify/static `preCompressed`), so compression costs nothing per request and can
 * use the slowest, smallest settings. Small files are left alone: their headers outweigh the saving.
 */
function precompress({ minBytes = 1024 } = {}) {
  return {
    name: 'precompress',
    async writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(?:js|css|html|json)$/.test(fileName)) continue;
        const file = path.join(options.dir, fileName);
        const source = await fs.readFile(file);
        if (source.length < minBytes) continue;
        const brotli = zlib.brotliCompressSync(source, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        await fs.writeFile(`${file}.br`, brotli);
        await fs.writeFile(`${file}.gz`, zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

/**
 * The framework demos import the package by its name, as an application does; inside its own
 * repository the name means the sources.
 */
function packageBySource() {
  const entries = { 'live-chat-element': 'src/index.ts', 'live-chat-element/define': 'src/define.ts' };
  return {
    name: 'package-by-source',
    resolveId(source) {
      return entries[source] ? path.resolve(entries[source]) : null;
    },
  };
}

/**
 * Compiles the Vue demo's single-file component, with `<live-chat>` declared a custom element as an
 * application's Vite config does (`vue({ template: { compilerOptions: { isCustomElement } } })`). The
 * maintained Rollup plugin for Vue (unplugin-vue) needs Node 22; the compiler itself is Vue's own.
 */
function vueSingleFileComponents() {
  return {
    name: 'vue-sfc',
    async transform(code, id) {
      if (!id.endsWith('.vue')) return null;
      const { parse, compileScript } = await import('@vue/compiler-sfc');
      const { descriptor, errors } = parse(code, { filename: id });
      if (errors.length > 0) throw errors[0];
      const script = compileScript(descriptor, {
        id,
        inlineTemplate: true,
        templateOptions: { compilerOptions: { isCustomElement: (tag) => tag === 'live-chat' } },
      });
      return { code: script.content, map: null };
    },
  };
}

const peers = [/^react($|\/)/, /^react-dom($|\/)/];

export default [
  {
    // The operator console served at /operator/ (issue 7), React bundled in.
    input: { operator: 'src/operator/main.tsx' },
    output: { dir: 'dist/operator', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
    plugins: [...browserPlugins(), operatorPage(), precompress()],
  },
  {
    // The self-contained script a host page loads with <script type="module">.
    input: { 'live-chat': 'src/live-chat.ts' },
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      // Maps without the `//# sourceMappingURL=` comment: every host page downloads these files, and the
      // comment alone cost the eager script 44 bytes brotli. The server names each file's map in a
      // `SourceMap` header instead (src/server/plugins/static-files.ts), when the map is there.
      sourcemap: 'hidden',
      // The loader names the chunks it imports, hashes included: letters and digits only cost it about 5
      // bytes brotli less than base64 on average, and a rebuild's new hashes move its size much less.
      hashCharacters: 'base36',
      // Arrow functions in rollup's own code (the loader's dynamic imports): bytes every host page saves.
      generatedCode: 'es2015',
    },
    plugins: [...widgetTexts(), ...browserPlugins({ minifier: 'terser' }), precompress()],
  },
  {
    // The ESM library for applications that bundle React themselves.
    input: { index: 'src/index.ts', define: 'src/define.ts' },
    external: (id) => peers.some((p) => p.test(id)),
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'lib/[name]-[hash].js',
      sourcemap: true,
    },
    plugins: [...widgetTexts(), ...browserPlugins({ minifier: 'terser' }), precompress()],
  },
  {
    // demo/react/ and demo/vue/: applications that bundle the library with React 19 or Vue 3 (README "Embed").
    input: { 'react-app': 'demo/react/app.tsx', 'vue-app': 'demo/vue/main.ts' },
    output: { dir: 'dist/demo', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
    plugins: [
      packageBySource(),
      vueSingleFileComponents(),
      replace({
        preventAssignment: true,
        values: { __VUE_OPTIONS_API__: 'false', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
      }),
      ...widgetTexts(),
      ...browserPlugins(),
      precompress(),
    ],
  },
  {
    // The page module of demo/bus-test.html, used by the cross-tab bus end-to-end tests.
    input: { 'bus-test': 'demo/bus-test.ts' },
    output: { dir: 'dist/demo', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
    plugins: [...browserPlugins(), precompress()],
  },
  {
    input: { index: 'src/index.ts', define: 'src/define.ts' },
    external: (id) => peers.some((p) => p.test(id)),
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'lib/[name]-[hash].d.ts' },
    plugins: [dts({ tsconfig: 'tsconfig.json' })],
  },
];
