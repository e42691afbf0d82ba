/**
 * Source modules and the shipped files that export them: tools read custom-elements.json from the
 * installed package, where src/ does not exist.
 */
const SHIPPED = {
  'src/element/live-chat-element.ts': 'dist/index.js',
  'src/define.ts': 'dist/define.js',
};

function shippedPaths(node) {
  if (Array.isArray(node)) return node.forEach(shippedPaths);
  if (node === null || typeof node !== 'object') return undefined;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'path' || key === 'module') && typeof value === 'string') {
      if (!(value in SHIPPED)) throw new Error(`custom-elements.json: no shipped file for ${value}`);
      node[key] = SHIPPED[value];
    } else shippedPaths(value);
  }
  return undefined;
}

// The manifest's path is already declared in package.json ("customElements"); the analyzer must not
// rewrite package.json, least of all when the freshness test generates into a temporary folder.
export default {
  packagejson: false,
  plugins: [{ name: 'shipped-paths', packageLinkPhase: ({ customElementsManifest }) => shippedPaths(customElementsManifest.modules) }],
};
