import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { build, transform } from 'esbuild';

// React ships CommonJS only, and @testing-library/dom pulls CommonJS dependencies: Chromium cannot load
// either as ES modules. React's entries share one bundle so that react-dom sees the same React.
const REACT_ENTRIES = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'];
const STANDALONE = ['@testing-library/dom'];

function exportNames(spec, rootDir) {
  // Read in a child process: loading React into the runner's own process trips over its patched console.
  const keys = JSON.parse(
    execFileSync(process.execPath, ['-e', `process.stdout.write(JSON.stringify(Object.keys(require(${JSON.stringify(spec)}))))`], {
      cwd: rootDir,
      encoding: 'utf8',
    }),
  );
  return keys.filter((k) => k !== 'default' && /^[A-Za-z_$][\w$]*$/.test(k));
}

async function bundle(contents, rootDir) {
  const result = await build({
    stdin: { contents, resolveDir: rootDir, loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"development"' },
  });
  return result.outputFiles[0].text;
}

function reExport(source, spec, rootDir) {
  const names = exportNames(spec, rootDir);
  return `export default (m.default ?? m);\n` + names.map((n) => `export const ${n} = m.${n} ?? m.default?.${n};`).join('\n') + `\n${source}`;
}

/** A web-test-runner plugin that serves TypeScript through esbuild and CommonJS packages as ES modules. */
export function esbuildPlugin({ rootDir }) {
  const cache = new Map();
  const once = (key, make) => {
    if (!cache.has(key)) cache.set(key, make());
    return cache.get(key);
  };

  const vendor = () =>
    once('vendor', () =>
      bundle(REACT_ENTRIES.map((s, i) => `import * as m${i} from ${JSON.stringify(s)};`).join('\n') +
        `\nexport { ${REACT_ENTRIES.map((_, i) => `m${i}`).join(', ')} };`, rootDir),
    );

  async function moduleFor(spec) {
    const i = REACT_ENTRIES.indexOf(spec);
    if (i >= 0) return once(spec, async () => reExport(`import { m${i} as m } from '/__cjs__/vendor';`, spec, rootDir));
    if (spec === 'vendor') return vendor();
    if (STANDALONE.includes(spec)) {
      return once(spec, () => bundle(`export * from ${JSON.stringify(spec)};`, rootDir));
    }
    return undefined;
  }

  return {
    name: 'live-chat-esbuild',
    resolveImport({ source }) {
      if (REACT_ENTRIES.includes(source) || STANDALONE.includes(source)) return `/__cjs__/${source}`;
      return undefined;
    },
    async serve(context) {
      if (context.path.startsWith('/__cjs__/')) {
        const body = await moduleFor(context.path.slice('/__cjs__/'.length));
        if (body !== undefined) return { body, type: 'js' };
      }
      if (context.path.endsWith('.js') && !context.path.includes('/node_modules/')) {
        const base = path.join(rootDir, context.path.slice(0, -3));
        for (const ext of ['.ts', '.tsx']) {
          if (fs.existsSync(base + ext)) return { body: fs.readFileSync(base + ext, 'utf8'), type: 'js', headers: { 'x-source-ext': ext } };
        }
      }
      if (/\.(ts|tsx)$/.test(context.path)) {
        const file = path.join(rootDir, context.path);
        if (fs.existsSync(file)) return { body: fs.readFileSync(file, 'utf8'), type: 'js', headers: { 'x-source-ext': path.extname(file) } };
      }
      // A JSON file imported by a module (locales) becomes a JS module; fetch() still gets raw JSON.
      if (context.path.endsWith('.json') && context.request.headers['sec-fetch-dest'] === 'script') {
        const file = path.join(rootDir, context.path);
        if (fs.existsSync(file)) return { body: `export default ${fs.readFileSync(file, 'utf8')};`, type: 'js' };
      }
      return undefined;
    },
    async transform(context) {
      const ext = context.response.headers['x-source-ext'] ?? /\.(tsx?)$/.exec(context.path)?.[0];
      if (ext !== '.ts' && ext !== '.tsx') return undefined;
      const out = await transform(context.body, {
        loader: ext === '.tsx' ? 'tsx' : 'ts',
        jsx: 'automatic',
        format: 'esm',
        target: 'es2022',
        sourcemap: 'inline',
        sourcefile: context.path,
      });
      return { body: out.code, type: 'js' };
    },
  };
}
