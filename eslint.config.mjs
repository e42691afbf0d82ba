import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const layers = ['protocol', 'platform', 'state', 'ui', 'element', 'operator', 'server'];

/**
 * Import direction (ARCHITECTURE.md): protocol ← platform ← state ← ui ← element; the operator console
 * uses protocol, platform and ui/shared; the server uses protocol only.
 */
function forbid(folder, forbidden, extra = []) {
  const dirs = forbidden.join('|');
  return {
    files: [`src/${folder}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)(${dirs})(/|$)`,
              message: `src/${folder} may not import from ${forbidden.join(', ')} (see ARCHITECTURE.md, "Which way code may depend").`,
            },
            ...extra,
          ],
        },
      ],
    },
  };
}

const noReact = { regex: '^(react|react-dom|jotai/react)(/|$)', message: 'This layer is React-free.' };
const noNode = { regex: '^node:', message: 'Browser code may not import node: modules.' };
const operatorLayer = forbid('operator', ['state', 'element', 'server'], [
  noNode,
  { regex: '(^|/)ui/(?!shared(/|$))', message: 'The operator console may use ui/shared only.' },
]);

/**
 * Inside the operator console: core ← desk ← features, all composed by app; a feature
 * never imports another one. The rules repeat the console's layer patterns: a file matched by two configs
 * gets the later one's options only.
 */
function forbidInConsole(folder, patterns) {
  const layer = operatorLayer.rules['no-restricted-imports'][1].patterns;
  return { files: [`src/operator/${folder}/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', { patterns: [...layer, ...patterns] }] } };
}

const consoleFeatures = fs.readdirSync(new URL('src/operator/features/', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

const consoleRules = [
  forbidInConsole('core', [{ regex: '^(\\.\\./)+(operator/)?(desk|app|features)(/|$)', message: 'src/operator/core may not import desk, app or features.' }]),
  forbidInConsole('desk', [{ regex: '^(\\.\\./)+(operator/)?(app|features)(/|$)', message: 'src/operator/desk may not import app or features.' }]),
  ...consoleFeatures.map((name) =>
    forbidInConsole(`features/${name}`, [
      {
        regex: `^\\.\\./(?!(${name}|\\.\\.)/)|(^|/)features/(?!${name}/)`,
        message: `src/operator/features/${name} may not import another feature (features/index.ts composes them).`,
      },
    ]),
  ),
];

/**
 * Inside the server: core ← domain ← features, composed by app.ts. Core imports neither domain nor
 * features; the domain never imports a feature; a feature never imports another one. Outside a domain
 * folder's own files (the other domain folders excepted: the kernel's parts use each other), its
 * `index.ts` is the only way in, and so is a feature folder's (one plugin each, composed by app.ts);
 * tests may reach inside either. Only core/db and `*-store.ts` files may import Kysely. Each entry
 * repeats the server's layer patterns: a file matched by two configs gets the later one's options only.
 */
const serverLayer = [
  {
    regex: '(^|/)(platform|state|ui|element|operator)(/|$)',
    message: 'src/server may not import from platform, state, ui, element, operator (see ARCHITECTURE.md, "Which way code may depend").',
  },
  noReact,
];
const domainIndexOnly = {
  regex: '(^|/)domain/[^/]+/(?!index\\.js$)[^/]+',
  message: 'Outside the domain, a domain folder is imported through its index.ts only.',
};
const featureIndexOnly = {
  regex: '(^|/)features/[^/]+/(?!index\\.js$)[^/]+',
  message: 'Outside a feature, its folder is imported through its index.ts only (one plugin per feature).',
};
const kyselyOutsideStores = { regex: '^kysely(/|$)', message: 'Only src/server/core/db and *-store.ts files may import Kysely.' };
const serverFeatures = fs.readdirSync(new URL('src/server/features/', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** The rule for `folder`'s files, and again without the Kysely pattern for its `*-store.ts` files (and all of core/db). */
function forbidInServer(folder, patterns) {
  const rule = (files, extra) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns: [...serverLayer, ...patterns, ...extra] }] } });
  return [
    rule([`src/server/${folder}**/*.{ts,tsx}`], [kyselyOutsideStores]),
    rule([`src/server/${folder}**/*-store.ts`, ...(folder === 'core/' ? ['src/server/core/db/**/*.ts'] : [])], []),
  ];
}

const serverRules = [
  ...forbidInServer('', [domainIndexOnly, featureIndexOnly]),
  ...forbidInServer('core/', [domainIndexOnly, { regex: '(^|/)(domain|features)(/|$)', message: 'src/server/core may not import the domain or features.' }]),
  ...forbidInServer('domain/', [{ regex: '(^|/)features(/|$)', message: 'src/server/domain may not import features.' }]),
  ...serverFeatures.flatMap((name) =>
    forbidInServer(`features/${name}/`, [
      domainIndexOnly,
      {
        regex: `^\\.\\./(?!(${name}|\\.\\.)/)|(^|/)features/(?!${name}/)`,
        message: `src/server/features/${name} may not import another feature (app.ts composes them).`,
      },
    ]),
  ),
];

export default tseslint.config(
  { ignores: ['dist/**', 'packages/server/dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'custom-elements.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['**/*.mjs', 'test/**/*.{ts,tsx}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' } },
  },
  {
    // Chai assertions such as `expect(x).to.exist` are property reads by design.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // The guide's size limits: 300 lines a file, 80 a function (blank lines and comments not counted).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  forbid('protocol', layers.filter((l) => l !== 'protocol'), [noReact, noNode]),
  forbid('platform', ['state', 'ui', 'element', 'operator', 'server'], [noReact, noNode]),
  forbid('state', ['ui', 'element', 'operator', 'server'], [noReact, noNode]),
  forbid('ui', ['element', 'operator', 'server'], [noNode]),
  forbid('element', ['operator', 'server'], [noNode]),
  operatorLayer,
  ...consoleRules,
  ...serverRules,
);
