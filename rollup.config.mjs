import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import { dts } from 'rollup-plugin-dts';

const production = process.env.BUILD_MODE !== 'development';

/** Plugins shared by every browser bundle. */
function browserPlugins() {
  return [
    replace({
      preventAssignment: true,
      values: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    esbuild({
      target: 'es2022',
      jsx: 'automatic',
      minify: production,
      legalComments: 'none',
      loaders: { '.json': 'json' },
      tsconfig: 'tsconfig.json',
    }),
  ];
}

/**
 * The widget ships only its own texts: locales/*.json also hold the operator console's `operator.*`
 * messages, which every host page would otherwise download.
 */
function widgetTextsOnly() {
  return {
    name: 'widget-texts-only',
    transform(code, id) {
      if (!/[\\/]locales[\\/][\w-]+\.json$/.test(id)) return null;
      const messages = JSON.parse(code);
      const kept = Object.fromEntries(Object.entries(messages).filter(([key]) => !key.startsWith('operator.')));
      return { code: JSON.stringify(kept), map: null };
    },
  };
}

/** Emits the operator console's page and stylesheet beside its bundle (nothing inline: strict CSP). */
function operatorPage() {
  return {
    name: 'operator-page',
    async generateBundle() {
      const { readFile } = await import('node:fs/promises');
      for (const file of ['index.html', 'operator.css']) {
        this.emitFile({ type: 'asset', fileName: file, source: await readFile(`src/operator/${file}`, 'utf8') });
      }
    },
  };
}

const peers = [/^react($|\/)/, /^react-dom($|\/)/];

export default [
  {
    // The operator console served at /operator/ (issue 7), React bundled in.
    input: { operator: 'src/operator/main.tsx' },
    output: { dir: 'dist/operator', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
    plugins: [...browserPlugins(), operatorPage()],
  },
  {
    // The self-contained script a host page loads with <script type="module">.
    input: { 'live-chat': 'src/live-chat.ts' },
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      sourcemap: true,
    },
    plugins: [widgetTextsOnly(), ...browserPlugins()],
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
    plugins: [widgetTextsOnly(), ...browserPlugins()],
  },
  {
    // The page module of demo/bus-test.html, used by the cross-tab bus end-to-end tests.
    input: { 'bus-test': 'demo/bus-test.ts' },
    output: { dir: 'dist/demo', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
    plugins: browserPlugins(),
  },
  {
    input: { index: 'src/index.ts', define: 'src/define.ts' },
    external: (id) => peers.some((p) => p.test(id)),
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'lib/[name]-[hash].d.ts' },
    plugins: [dts({ tsconfig: 'tsconfig.json' })],
  },
];
